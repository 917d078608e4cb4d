// `npm run extension [folder]`: builds the Chromium extension (extensions/chromium) into
// dist/chromium-extension, or the folder given, ready to load unpacked or to zip for a store.
// The popup bundles the web app's own card mock-ups and their Tailwind styles, as the app does.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import tailwind from 'bun-plugin-tailwind'

const root = join(import.meta.dir, '..')
const source = join(root, 'extensions/chromium')
const ICON_SIZES = [16, 32, 48, 128]

/** The toolbar and store icons, drawn from the web app's favicon (Chromium takes no SVG icon). */
async function writeIcons(outDir: string) {
  await initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')))
  const svg = readFileSync(join(root, 'web/public/favicon.svg'), 'utf8')
  mkdirSync(join(outDir, 'icons'), { recursive: true })
  for (const size of ICON_SIZES) writeFileSync(join(outDir, 'icons', `${size}.png`), new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng())
}

const outDir = resolve(process.argv[2] ?? join(root, 'dist/chromium-extension'))
rmSync(outDir, { recursive: true, force: true })
const result = await Bun.build({
  entrypoints: [join(source, 'popup.html'), join(source, 'options.html')],
  outdir: outDir,
  plugins: [tailwind],
  minify: true,
  splitting: true,
  sourcemap: 'none',
  naming: { entry: '[name].[ext]', chunk: 'assets/[name]-[hash].[ext]', asset: 'assets/[name]-[hash].[ext]' },
  define: { 'process.env.NODE_ENV': '"production"' },
})
if (!result.success) {
  for (const message of result.logs) console.error(message)
  process.exit(1)
}
cpSync(join(source, 'manifest.json'), join(outDir, 'manifest.json'))
await writeIcons(outDir)
console.log(`extension built into ${outDir}`)
