// A Bun macro: dist/web is read when the server is bundled or transpiled and travels inside it,
// so `npm start` and the compiled executable serve the same files without a folder beside them.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'

export type EmbeddedAsset = { type: string; body: string; gzip?: string; brotli?: string }

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
  webmanifest: 'application/manifest+json',
  woff2: 'font/woff2',
}

export function bundledWebAssets(): Record<string, EmbeddedAsset> {
  const assets: Record<string, EmbeddedAsset> = {}
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name)
      if (statSync(file).isDirectory()) {
        walk(file)
        continue
      }
      if (name.endsWith('.br') || name.endsWith('.gz')) continue
      const data = readFileSync(file)
      const ext = name.split('.').pop() ?? ''
      const type = TYPES[ext] ?? 'application/octet-stream'
      const compressible = /^(text|application\/(json|javascript)|image\/svg)/.test(type) && data.length > 1024
      assets[`/${relative(root, file)}`] = {
        type,
        body: data.toString('base64'),
        // The build made the compressed copies of its text files beside them: too slow to make here, on every start.
        ...(existsSync(`${file}.gz`) ? { gzip: readFileSync(`${file}.gz`).toString('base64') } : compressible ? { gzip: gzipSync(data, { level: 9 }).toString('base64') } : {}),
        ...(existsSync(`${file}.br`) ? { brotli: readFileSync(`${file}.br`).toString('base64') } : {}),
      }
    }
  }
  // dist/web links to the newest build (scripts/build-web.ts): followed once, so a build swapped in
  // meanwhile does not mix its files with these.
  let root: string
  try {
    root = realpathSync(join(import.meta.dir, '../../../dist/web'))
    walk(root)
  } catch {
    throw new Error('dist/web is missing: run `bun run scripts/build-web.ts` (npm start and npm test do it first).')
  }
  return assets
}
