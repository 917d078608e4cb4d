// The boundaries between Linkcard's parts, checked by `npm test` (dependency-cruiser).
//   modules   each src/modules/<name> owns its routes, service, repo and tables
//   platform  what every module uses (database, counters, HTTP, logs); knows no module
//   shared    rules and texts the server and the web app share; knows neither
//   web       pages compose features; features stand apart; components and lib know no feature
// A module calls another through its service. Modules form layers (accounts, auth, members, keys
// and usage, domains, links, analytics, then the public API, admin and redirects): no module depends
// on one that depends on it; where a lower one needs a higher one, runtime.ts hands it over (a
// change is told through platform/events.ts, a cache dropped through platform/bus.ts).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycles',
      comment: 'Modules form layers: one that depends on another is not depended on by it, even through others.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/modules/[^/]+' },
      to: { path: '^src/modules/[^/]+', circular: true },
    },
    {
      name: 'no-file-cycles',
      comment: 'A type shared back with a lazily loaded part is no cycle at run time.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'platform-knows-no-module',
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: '^src/(modules|schema)/' },
    },
    {
      name: 'shared-stands-alone',
      comment: 'src/shared is bundled into the web app too.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(modules|platform|schema)/' },
    },
    {
      name: 'own-repo-only',
      comment: "A module's queries are its own; others call its service.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/repo\\.ts$', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'tables-for-keys-and-joins',
      comment: "Another module's tables are for foreign keys (tables.ts) and joins (repo.ts), nothing else.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/', pathNot: '/(tables|repo)\\.ts$' },
      to: { path: '^src/modules/[^/]+/tables\\.ts$', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'web-through-shared',
      comment: 'The web app talks to the server over HTTP; it shares only src/shared.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^src/(modules|platform|schema)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-wire-types-from-schema',
      comment: "The web app's wire types come from a module's schema.ts, its HTTP contract.",
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/[^/]+/schema\\.ts$' },
    },
    {
      name: 'web-features-stand-apart',
      comment: 'A feature does not import another: the page that shows both composes them.',
      severity: 'error',
      from: { path: '^web/features/([^/]+)/' },
      to: { path: '^web/features/', pathNot: '^web/features/$1/' },
    },
    {
      name: 'web-components-know-no-feature',
      comment: 'web/components are the building blocks every screen shares: no feature or page in them.',
      severity: 'error',
      from: { path: '^web/components/' },
      to: { path: '^web/(features|pages)/' },
    },
    {
      name: 'web-ui-knows-no-product',
      comment: 'web/components/ui are primitives: neither the product\'s components nor its rules.',
      severity: 'error',
      from: { path: '^web/components/ui/' },
      to: { path: '^(web/components/[^/]+$|src/)' },
    },
    {
      name: 'web-lib-under-screens',
      comment: 'web/lib (the one fetch wrapper, the session, helpers) serves every feature and knows none.',
      severity: 'error',
      from: { path: '^web/lib/' },
      to: { path: '^web/features/' },
    },
    {
      name: 'web-pages-from-routes',
      comment: 'A page is a route: only routes.tsx shows it, and no page or feature reaches into one.',
      severity: 'error',
      from: { path: '^web/', pathNot: '^web/routes\\.tsx$' },
      to: { path: '^web/pages/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    // Tests may reach anywhere to set up what they check, and so may the benches (scripts/bench),
    // which write data with the product's own code.
    exclude: { path: ['^(node_modules|dist)/', '\\.test\\.tsx?$', '^scripts/bench/'] },
  },
}
