// Several custom domains an account: added within the plan's number, one the default, links living
// on one each with aliases unique per domain, a domain's root and unknown paths sent where it says,
// the unknown paths counted, and all of it the same on a second instance.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { ownAddress, signUp, type SignedIn } from '../helpers/accounts'
import { startDnsServer, type DnsServer } from '../helpers/dns-server'
import { client, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { dbTime, sql } from '../helpers/sql'
import { until } from '../helpers/until'

// With PUBLIC_URL http://localhost every CNAME points at "localhost".
const PRODUCT_HOST = 'localhost'
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const CRAWLER = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'

let dns: DnsServer
let server: TestServer
let second: TestServer
let http: Client

beforeAll(async () => {
  dns = await startDnsServer()
  // Two instances on one database, their caches kept true (and their counters shared) through Redis:
  // each account signs up from an address of its own.
  const env = { DNS_RESOLVER: dns.address, PUBLIC_URL: `http://${PRODUCT_HOST}`, REDIS_URL: 'redis://127.0.0.1:6379', TRUST_PROXY: '127.0.0.1' }
  server = await startServer({ env })
  second = await startServer({ env, dataDir: server.dataDir, databaseUrl: server.databaseUrl })
  http = client(server.url)
}, 60_000)
afterAll(async () => {
  await second?.close()
  await server?.close()
  dns.close()
})

let names = 0
/** A hostname no other test uses, with its records published when `live`. */
const hostname = (label: string) => `${label}-${Date.now().toString(36)}${names++}.shop-domains.com`

async function payingUser(plan = 'indie') {
  const person = await signUp(http, 'domains', ownAddress())
  await sql(server, 'update accounts set plan = $1 where id = $2', [plan, person.user.accountId])
  return person
}

const add = (person: SignedIn, name: string) => http.post('/api/domains', { hostname: name }, { token: person.token })
const list = async (person: SignedIn) => (await http.get('/api/domains', { token: person.token })).body.domains as { id: string; hostname: string; isDefault: boolean; status: string }[]

/** Adds a domain whose records are in place, so it is verified at once. */
async function liveDomain(person: SignedIn, label = 'go') {
  const name = hostname(label)
  dns.set(name, { CNAME: PRODUCT_HOST })
  const first = await add(person, name)
  expect(first.status).toBe(201)
  // The TXT value is known once the domain is added: published now, checked again.
  dns.set(`_linkcard-verify.${name}`, { TXT: [first.body.ownershipVerification.value] })
  const checked = await http.post(`/api/domains/${first.body.id}/verify`, undefined, { token: person.token })
  expect(checked.body.status).toBe('active')
  return { id: first.body.id as string, hostname: name }
}

const createLink = (person: SignedIn, body: Record<string, unknown>) => http.post('/api/shareLinks', { title: 'T', ...body }, { token: person.token })

/** A person's (or `userAgent`'s) GET of `path` on `host`, on `on` (the first instance unless given). */
const onHost = (host: string, path: string, { on = server, userAgent = PERSON } = {}) =>
  fetch(`${on.url}/${path}`, { headers: { host, 'user-agent': userAgent }, redirect: 'manual' })

describe('domains by plan', () => {
  it('refuses the free plan, and a fourth domain on Indie with 403 naming its number, also when asked all at once', async () => {
    const free = await signUp(http, 'free-domains', ownAddress())
    expect((await add(free, hostname('free'))).status).toBe(403)
    const indie = await payingUser('indie')
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => add(indie, hostname(`crowd${i}`))))
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3)
    const refused = answers.filter((answer) => answer.status === 403)
    expect(refused).toHaveLength(3)
    expect(refused[0]!.body.message).toBe('Your Indie plan includes 3 custom domains. Remove one, or upgrade for more.')
    expect(await list(indie)).toHaveLength(3)
  })

  it('gives Enterprise more than Pro’s number would say is the limit of Indie, and makes the first domain the default', async () => {
    const enterprise = await payingUser('enterprise')
    for (let i = 0; i < 4; i++) expect((await add(enterprise, hostname(`ent${i}`))).status).toBe(201)
    const domains = await list(enterprise)
    expect(domains).toHaveLength(4)
    expect(domains.filter((domain) => domain.isDefault)).toHaveLength(1)
    expect(domains[0]!.isDefault).toBe(true)
  })

  it('moves the default with PATCH, which the single-domain calls follow, and refuses a hostname twice', async () => {
    const person = await payingUser()
    const first = (await add(person, hostname('one'))).body
    const secondName = hostname('two')
    const other = (await add(person, secondName)).body
    expect(first.isDefault).toBe(true)
    expect(other.isDefault).toBe(false)
    expect((await add(person, secondName)).status).toBe(409)
    const changed = await http.patch(`/api/domains/${other.id}`, { isDefault: true }, { token: person.token })
    expect(changed.status).toBe(200)
    expect(changed.body.isDefault).toBe(true)
    expect((await list(person)).map((domain) => [domain.hostname, domain.isDefault])).toEqual([
      [secondName, true],
      [first.hostname, false],
    ])
    expect((await http.get('/api/custom-domain/status', { token: person.token })).body.hostname).toBe(secondName)
    // Another account sees none of it.
    const stranger = await payingUser()
    expect((await http.patch(`/api/domains/${other.id}`, { isDefault: true }, { token: stranger.token })).status).toBe(404)
    expect((await http.delete(`/api/domains/${other.id}`, { token: stranger.token })).status).toBe(404)
    expect((await http.get(`/api/domains/${other.id}/unknown-paths`, { token: stranger.token })).status).toBe(404)
  })

  it('refuses redirect settings that are no http(s) address with 400 naming the field, changing nothing', async () => {
    const person = await payingUser()
    const domain = (await add(person, hostname('bad'))).body
    for (const [field, value] of [
      ['rootRedirect', 'javascript:alert(1)'],
      ['notFoundRedirect', 'ftp://example.com/'],
      ['rootRedirect', 'https://example.com/\u0000'],
    ] as const) {
      const answer = await http.patch(`/api/domains/${domain.id}`, { [field]: value }, { token: person.token })
      expect(answer.status).toBe(400)
      expect(answer.body.errors[0].field).toBe(field)
    }
    expect((await list(person))[0]).toMatchObject({ rootRedirect: null, notFoundRedirect: null })
  })
})

describe('links on domains', () => {
  it('lives on one domain: the same alias on two domains and the service’s host, each address its own link, on both instances', async () => {
    const person = await payingUser()
    const [one, two] = [await liveDomain(person, 'one'), await liveDomain(person, 'two')]
    const made = await Promise.all([
      createLink(person, { targetUrl: 'https://example.com/one', alias: 'launch', domain: one.hostname.toUpperCase() }),
      createLink(person, { targetUrl: 'https://example.com/two', alias: 'Launch', domain: `${two.hostname}.` }),
    ])
    expect(made.map((answer) => answer.status)).toEqual([201, 201])
    expect(made[0]!.body).toMatchObject({ domain: one.hostname, alias: 'launch', url: `https://${one.hostname}/launch` })
    expect(made[1]!.body.url).toBe(`https://${two.hostname}/Launch`)
    // Taken on its domain only.
    const again = await createLink(person, { targetUrl: 'https://example.com/again', alias: 'LAUNCH', domain: one.hostname })
    expect(again.status).toBe(409)
    expect(again.body.errors[0].field).toBe('alias')
    const available = (domain?: string) => http.get(`/api/shareLinks/alias-availability?alias=launch${domain ? `&domain=${domain}` : ''}`, { token: person.token })
    expect((await available(one.hostname)).body.available).toBe(false)
    expect((await available(hostname('unused'))).body.available).toBe(true)
    for (const on of [server, second]) {
      expect((await onHost(one.hostname, 'launch', { on })).headers.get('location')).toBe('https://example.com/one')
      expect((await onHost(two.hostname, 'LAUNCH', { on })).headers.get('location')).toBe('https://example.com/two')
      // Not on the service's own host, where the alias is free for anyone.
      expect((await onHost(PRODUCT_HOST, 'launch', { on })).status).toBe(404)
    }
    // The slug still names the link everywhere it answers, and its QR code draws the domain's address.
    const slug = made[0]!.body.slug
    expect((await onHost(one.hostname, slug)).status).toBe(302)
    expect(made[0]!.body.qrCodeUrl).toEndWith(`/api/qr/${slug}`)
    const qr = await fetch(`${server.url}/api/qr/${slug}?format=svg`)
    expect(qr.status).toBe(200)
  })

  it('refuses a domain that is not one of the account’s verified domains with 400 naming the field, making nothing', async () => {
    const person = await payingUser()
    const theirs = await liveDomain(await payingUser(), 'theirs')
    const pending = (await add(person, hostname('pending'))).body
    for (const domain of [theirs.hostname, pending.hostname, 'never-added.example.com']) {
      const answer = await createLink(person, { targetUrl: 'https://example.com/x', domain })
      expect(answer.status).toBe(400)
      expect(answer.body.errors[0]).toEqual({ field: 'domain', message: 'Choose one of your verified custom domains, or null for the service’s own address.' })
    }
    expect((await http.get('/api/shareLinks', { token: person.token })).body).toEqual([])
  })

  it('keeps the old address when a link moves to another domain and formerAliases keeps it; links on no domain answer on every domain of their account', async () => {
    const person = await payingUser()
    const [one, two] = [await liveDomain(person, 'from'), await liveDomain(person, 'to')]
    const link = (await createLink(person, { targetUrl: 'https://example.com/moved', alias: 'sale', domain: one.hostname })).body
    const moved = await http.patch(`/api/shareLinks/${link.id}`, { domain: two.hostname, formerAliases: [`${one.hostname}/sale`] }, { token: person.token })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({ domain: two.hostname, url: `https://${two.hostname}/sale`, formerAliases: [`${one.hostname}/sale`] })
    for (const on of [server, second]) {
      expect((await onHost(one.hostname, 'sale', { on })).headers.get('location')).toBe('https://example.com/moved')
      expect((await onHost(two.hostname, 'sale', { on })).headers.get('location')).toBe('https://example.com/moved')
    }
    // Let go: the old address names nothing any more, and is free on its domain.
    await http.patch(`/api/shareLinks/${link.id}`, { formerAliases: [] }, { token: person.token })
    expect((await onHost(one.hostname, 'sale')).status).toBe(404)
    expect((await createLink(person, { targetUrl: 'https://example.com/new', alias: 'sale', domain: one.hostname })).status).toBe(201)
    // A link of the service's own host, as every link was before domains were several.
    const plain = (await createLink(person, { targetUrl: 'https://example.com/plain', alias: `plain-${Date.now().toString(36)}` })).body
    expect(plain.domain).toBeNull()
    expect((await onHost(two.hostname, plain.alias)).headers.get('location')).toBe('https://example.com/plain')
    const stranger = await liveDomain(await payingUser(), 'stranger')
    expect((await onHost(stranger.hostname, plain.alias)).status).toBe(404)
  })

  it('keeps a domain that links live on: 409 saying how many, 204 once none do', async () => {
    const person = await payingUser()
    const domain = await liveDomain(person, 'kept')
    const link = (await createLink(person, { targetUrl: 'https://example.com/k', domain: domain.hostname })).body
    const refused = await http.delete(`/api/domains/${domain.id}`, { token: person.token })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(`1 link lives on ${domain.hostname}. Move it to another domain or delete it first.`)
    expect((await http.patch(`/api/shareLinks/${link.id}`, { domain: null }, { token: person.token })).body.url).toStartWith(`http://${PRODUCT_HOST}/`)
    expect((await http.delete(`/api/domains/${domain.id}`, { token: person.token })).status).toBe(204)
    expect(await list(person)).toEqual([])
  })
})

describe("a domain's root and unknown paths", () => {
  it('sends the root and unknown paths where the domain says, on both instances', async () => {
    const person = await payingUser()
    const domain = await liveDomain(person, 'redirects')
    expect((await http.put('/api/brand', { color: '#0E7490', logo: null }, { token: person.token })).status).toBe(200)
    expect((await onHost(domain.hostname, '')).status).toBe(200)
    // A path that names no link gets a page in the account's brand, not the service's.
    const missing = await onHost(domain.hostname, 'nothing-here')
    expect(missing.status).toBe(404)
    const page = await missing.text()
    expect(page).toContain('This link does not exist')
    expect(page).toContain(`<p class="site">${domain.hostname}</p>`)
    expect(page).toContain('#0e7490')
    expect(page).not.toMatch(/Linkcard|Get Started|Sign up/i)
    // A deleted link's address says the link no longer works, in the same brand.
    const deleted = (await createLink(person, { targetUrl: 'https://example.com/old', domain: domain.hostname, alias: 'old-offer' })).body
    expect((await http.delete(`/api/shareLinks/${deleted.id}`, { token: person.token })).status).toBe(204)
    const gone = await until(() => onHost(domain.hostname, 'old-offer'), { what: 'the deleted link to stop answering', done: (answer) => answer.status === 404 })
    const gonePage = await gone.text()
    expect(gonePage).toContain('This link no longer works')
    expect(gonePage).toContain(`<p class="site">${domain.hostname}</p>`)
    const changed = await http.patch(`/api/domains/${domain.id}`, { rootRedirect: 'https://example.com/home', notFoundRedirect: 'https://example.com/missing' }, { token: person.token })
    expect(changed.body).toMatchObject({ rootRedirect: 'https://example.com/home', notFoundRedirect: 'https://example.com/missing' })
    for (const on of [server, second]) {
      const root = await until(() => onHost(domain.hostname, '', { on }), { what: 'the root to redirect', done: (answer) => answer.status === 302 })
      expect(root.headers.get('location')).toBe('https://example.com/home')
      expect((await onHost(domain.hostname, '?utm_source=x', { on })).headers.get('location')).toBe('https://example.com/home')
      expect((await onHost(domain.hostname, 'nothing-here', { on })).headers.get('location')).toBe('https://example.com/missing')
    }
    // The service's own host keeps its page.
    expect((await onHost(PRODUCT_HOST, '')).status).toBe(200)
  })

  it("counts people's visits of paths that name no link, per domain, most hit first, from both instances", async () => {
    const person = await payingUser()
    const [domain, other] = [await liveDomain(person, 'orphans'), await liveDomain(person, 'quiet')]
    for (let i = 0; i < 3; i++) await onHost(domain.hostname, 'old-flyer')
    await onHost(domain.hostname, 'old-flyer', { on: second })
    await onHost(domain.hostname, 'typo')
    // Crawlers and HEAD requests are not people; another domain's visits are its own.
    await onHost(domain.hostname, 'crawled', { userAgent: CRAWLER })
    await fetch(`${server.url}/headed`, { method: 'HEAD', headers: { host: domain.hostname, 'user-agent': PERSON } })
    await onHost(other.hostname, 'elsewhere')
    const paths = async () => (await http.get(`/api/domains/${domain.id}/unknown-paths`, { token: person.token })).body.paths as { path: string; hits: number; lastSeenAt: string }[]
    // The second instance adds its counts every few seconds; the first adds its own when asked.
    const counted = await until(paths, { what: 'both instances’ counts', done: (found) => found[0]?.hits === 4, timeoutMs: 20_000 })
    expect(counted.map(({ path, hits }) => ({ path, hits }))).toEqual([
      { path: 'old-flyer', hits: 4 },
      { path: 'typo', hits: 1 },
    ])
    expect(Date.parse(counted[0]!.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000)
    const stored = await sql(server, 'select * from unknown_paths where domain_id = $1', [domain.id])
    expect(Object.keys(stored[0]!).sort()).toEqual(['domain_id', 'hits', 'last_seen_at', 'path'])
    // A domain full of paths keeps counting those it has, and takes no new one.
    const full = await liveDomain(person, 'full')
    const seen = dbTime(server, new Date())
    const values = Array.from({ length: 1000 }, (_, i) => `($1, 'p${i}', 1, $2)`).join(', ')
    await sql(server, `insert into unknown_paths (domain_id, path, hits, last_seen_at) values ${values}`, [full.id, seen])
    await onHost(full.hostname, 'p7')
    await onHost(full.hostname, 'one-too-many')
    const fullPaths = (await http.get(`/api/domains/${full.id}/unknown-paths`, { token: person.token })).body.paths as { path: string; hits: number }[]
    expect(fullPaths[0]).toMatchObject({ path: 'p7', hits: 2 })
    expect(await sql(server, 'select path from unknown_paths where domain_id = $1 and path = $2', [full.id, 'one-too-many'])).toEqual([])
    // A link made at the path is no longer unknown: it answers.
    await createLink(person, { targetUrl: 'https://example.com/flyer', alias: 'old-flyer', domain: domain.hostname })
    expect((await onHost(domain.hostname, 'old-flyer')).headers.get('location')).toBe('https://example.com/flyer')
  })
})

describe('deep links', () => {
  // A made-up app's files, as its operator would publish them.
  const APPLE = { applinks: { details: [{ appIDs: ['ABCDE12345.com.example.shop'], components: [{ '/': '/sale*', comment: 'Sales open in the app' }] }] } }
  const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i * 7 + 16).toString(16).toUpperCase().padStart(2, '0')).join(':')
  const ANDROID = [{ relation: ['delegate_permission/common.handle_all_urls'], target: { namespace: 'android_app', package_name: 'com.example.shop', sha256_cert_fingerprints: [FINGERPRINT] } }]
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
  const ANDROID_PHONE = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

  it('refuses app files that are not what Apple and Google read, with 400 naming the setting, storing nothing', async () => {
    const person = await payingUser()
    const domain = await liveDomain(person, 'badfiles')
    for (const [setting, value] of [
      ['appleAppSiteAssociation', { applinks: { details: [{ appID: 'not-a-team.id', paths: ['*'] }] } }],
      ['appleAppSiteAssociation', { something: true }],
      ['appleAppSiteAssociation', ['not', 'an', 'object']],
      ['assetLinks', [{ relation: ['delegate_permission/common.handle_all_urls'], target: { namespace: 'android_app', package_name: 'com.example.shop', sha256_cert_fingerprints: ['AB:CD'] } }]],
      ['assetLinks', []],
      ['assetLinks', { not: 'a list' }],
      // Past what Apple's CDN reads.
      ['appleAppSiteAssociation', { applinks: { details: [{ appID: 'ABCDE12345.com.example.shop', paths: Array.from({ length: 14_000 }, (_, i) => `/sale-${i}`) }] } }],
    ] as const) {
      const answer = await http.patch(`/api/domains/${domain.id}`, { [setting]: value }, { token: person.token })
      expect(answer.status).toBe(400)
      expect(answer.body.errors[0].field).toBe(setting)
    }
    expect((await list(person))[0]).toMatchObject({ appleAppSiteAssociation: null, assetLinks: null })
  })

  it("serves a domain's app files as JSON, never redirected, where Apple's and Google's fetchers read them", async () => {
    const person = await payingUser()
    const domain = await liveDomain(person, 'app')
    // Sent to paths that name no link, the fetchers would be redirected: the files answer first.
    await http.patch(`/api/domains/${domain.id}`, { notFoundRedirect: 'https://example.com/missing' }, { token: person.token })
    expect((await onHost(domain.hostname, '.well-known/apple-app-site-association')).status).toBe(404)
    const saved = await http.patch(`/api/domains/${domain.id}`, { appleAppSiteAssociation: APPLE, assetLinks: ANDROID }, { token: person.token })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ appleAppSiteAssociation: APPLE, assetLinks: ANDROID })
    for (const on of [server, second]) {
      const apple = await until(() => onHost(domain.hostname, '.well-known/apple-app-site-association', { on, userAgent: 'AASA-Bot/1.0.0' }), {
        what: 'the file on every instance',
        done: (answer) => answer.status === 200,
      })
      expect(apple.headers.get('content-type')).toBe('application/json')
      expect(apple.headers.get('cache-control')).toBe('public, max-age=3600')
      // As Apple's CDN reads it: an object whose applinks details name the app by team and bundle id.
      const file = await apple.json()
      expect(file.applinks.details[0].appIDs[0]).toMatch(/^[A-Z0-9]{10}\.com\.example\.shop$/)
      const google = await onHost(domain.hostname, '.well-known/assetlinks.json', { on, userAgent: 'Google-Digital-Asset-Links' })
      expect(google.status).toBe(200)
      expect(google.headers.get('content-type')).toBe('application/json')
      // As Google's statement list API reads it: statements whose target is the app and its signing certificate.
      const [statement] = await google.json()
      expect(statement.relation).toContain('delegate_permission/common.handle_all_urls')
      expect(statement.target).toEqual({ namespace: 'android_app', package_name: 'com.example.shop', sha256_cert_fingerprints: [FINGERPRINT] })
    }
    // Nowhere else: not on another domain, not on the service's own host.
    const other = await liveDomain(person, 'noapp')
    expect((await onHost(other.hostname, '.well-known/assetlinks.json')).status).toBe(404)
    expect((await onHost(PRODUCT_HOST, '.well-known/assetlinks.json')).status).toBe(404)
  })

  it('sends people on iOS and Android without the app to its store, others to the target, crawlers to the card', async () => {
    const person = await payingUser()
    const domain = await liveDomain(person, 'applink')
    const refused = await createLink(person, { targetUrl: 'https://example.com/sale', appLink: true, domain: domain.hostname })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].field).toBe('appLink')
    const made = await createLink(person, {
      targetUrl: 'https://example.com/sale',
      alias: 'sale',
      domain: domain.hostname,
      twitterCard: 'app',
      twitterApp: { iphone: '284882215', googleplay: 'com.example.shop' },
      appLink: true,
    })
    expect(made.status).toBe(201)
    expect(made.body.appLink).toBe(true)
    expect((await onHost(domain.hostname, 'sale', { userAgent: IPHONE })).headers.get('location')).toBe('https://apps.apple.com/app/id284882215')
    expect((await onHost(domain.hostname, 'sale', { userAgent: ANDROID_PHONE })).headers.get('location')).toBe('https://play.google.com/store/apps/details?id=com.example.shop')
    expect((await onHost(domain.hostname, 'sale')).headers.get('location')).toBe('https://example.com/sale')
    const card = await onHost(domain.hostname, 'sale', { userAgent: CRAWLER })
    expect(card.status).toBe(200)
    expect(await card.text()).toContain('twitter:app:id:iphone')
    // Switched off, the link is a plain one again; its app card cannot go while it is on.
    expect((await http.patch(`/api/shareLinks/${made.body.id}`, { twitterCard: 'summary', twitterApp: null }, { token: person.token })).status).toBe(400)
    await http.patch(`/api/shareLinks/${made.body.id}`, { appLink: false }, { token: person.token })
    expect((await onHost(domain.hostname, 'sale', { userAgent: IPHONE })).headers.get('location')).toBe('https://example.com/sale')
  })
})
