// `npm run build`: the web app, then one self-contained executable with it and the migrations inside.
//   bun scripts/build.ts [--outfile path]     (default dist/linkcard)
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const at = process.argv.indexOf('--outfile')
const outfile = at > 0 ? process.argv[at + 1] : join(root, 'dist/linkcard')

const web = Bun.spawn([process.execPath, 'scripts/build-web.ts'], { cwd: root, stdout: 'inherit', stderr: 'inherit' })
if ((await web.exited) !== 0) process.exit(1)

// Not minified: Elysia reads the source of handlers and hooks to learn what each route needs
// (headers, body...), and minified code hides that from it. Worker threads are entry points too.
const compile = Bun.spawn(
  [process.execPath, 'build', '--compile', 'src/index.ts', 'src/modules/analytics/writer-worker.ts', 'src/modules/card-images/render-worker.ts', 'src/modules/images/process-worker.ts', 'src/modules/imports/read-worker.ts', 'src/modules/metadata/parse-worker.ts', 'src/modules/qr/draw-worker.ts', 'src/platform/db/reader-worker.ts', '--outfile', outfile],
  { cwd: root, stdout: 'inherit', stderr: 'inherit' },
)
process.exit(await compile.exited)
