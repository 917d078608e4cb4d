// Builds the web app and the content pages into dist/web, which the server embeds.
// The SPA is bundled by Bun with Tailwind; /blog/ and /how-to/ are Markdown rendered to static HTML.
import tailwind from 'bun-plugin-tailwind'
import { marked } from 'marked'
import { cpSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, constants } from 'node:zlib'
import { basename, join } from 'node:path'
import { escapeHtml } from '../src/shared/html'
import { SHARE_IMAGE, SHARE_IMAGE_PATH } from '../src/shared/share-image'
import { shareImage } from './share-image'
import { siteChrome } from './site-chrome'

const root = join(import.meta.dir, '..')
const finalDir = join(root, 'dist/web')
// Each build has a folder of its own, linked as dist/web at the end (below).
const outDir = join(root, `dist/web-${Date.now()}-${process.pid}`)

rmSync(outDir, { recursive: true, force: true })

const result = await Bun.build({
  // The app, and the header and footer of the server-rendered pages, sharing their code.
  entrypoints: [join(root, 'web/index.html'), join(root, 'web/chrome.tsx')],
  outdir: outDir,
  publicPath: '/',
  plugins: [tailwind],
  minify: true,
  // Screens load heavy parts (the charts) as separate chunks when first shown.
  splitting: true,
  sourcemap: 'none',
  naming: { entry: '[dir]/[name].[ext]', chunk: 'assets/[name]-[hash].[ext]', asset: 'assets/[name]-[hash].[ext]' },
  define: { 'process.env.NODE_ENV': '"production"' },
})
if (!result.success) {
  for (const message of result.logs) console.error(message)
  process.exit(1)
}

cpSync(join(root, 'web/public'), outDir, { recursive: true })
writeFileSync(join(outDir, SHARE_IMAGE_PATH.slice(1)), shareImage())
// The edge worker users download from /docs: one file, bundled with the crawler list short links use,
// and its settings (the source's leading comment) on top.
const workerSource = join(root, 'edge-worker/worker.ts')
const worker = await Bun.build({ entrypoints: [workerSource], target: 'browser', format: 'esm' })
if (!worker.success) {
  for (const message of worker.logs) console.error(message)
  process.exit(1)
}
const workerHeader = /^(\/\/.*\n)+/.exec(readFileSync(workerSource, 'utf8'))?.[0] ?? ''
writeFileSync(join(outDir, 'edge-worker.js'), `${workerHeader}\n${await worker.outputs[0].text()}`)

type Article = { slug: string; title: string; description: string; date: string; html: string }

function readArticle(file: string): Article {
  const source = readFileSync(file, 'utf8')
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source)
  if (!match) throw new Error(`${file}: front matter (title, description, date) is missing`)
  const meta = Object.fromEntries(
    match[1].split('\n').map((line) => {
      const at = line.indexOf(':')
      return [line.slice(0, at).trim(), line.slice(at + 1).trim()]
    }),
  )
  for (const key of ['title', 'description', 'date'])
    if (!meta[key]) throw new Error(`${file}: front matter needs "${key}"`)
  return {
    slug: basename(file, '.md'),
    title: meta.title,
    description: meta.description,
    date: meta.date,
    html: marked.parse(match[2], { async: false }) as string,
  }
}

// The app's stylesheet, for the header and footer the pages share with it.
const styles = result.outputs.find((output) => output.kind === 'asset' && output.path.endsWith('.css'))
if (!styles) throw new Error('the web app built no stylesheet')
const stylesHref = `/${styles.path.slice(outDir.length + 1)}`

const layout = readFileSync(join(root, 'content/layout.html'), 'utf8')
const page = (path: string, title: string, description: string, body: string) => {
  const { header, footer } = siteChrome(path)
  return layout
    .replaceAll('{{title}}', escapeHtml(title))
    .replaceAll('{{description}}', escapeHtml(description))
    .replace('{{styles}}', stylesHref)
    // {{origin}} is the deployment's address, filled in by the server (src/modules/site/routes.ts).
    .replaceAll('{{path}}', path)
    .replaceAll('{{shareImage}}', SHARE_IMAGE_PATH)
    .replace('{{shareImageWidth}}', String(SHARE_IMAGE.width))
    .replace('{{shareImageHeight}}', String(SHARE_IMAGE.height))
    // Functions, so a `$` in the text is never read as a replacement pattern.
    .replace('{{header}}', () => header)
    .replace('{{footer}}', () => footer)
    .replace('{{body}}', () => body)
}

const SECTIONS = [
  { dir: 'blog', title: 'Blog', description: 'News and ideas about links, previews and sharing.' },
  { dir: 'how-to', title: 'How-to guides', description: 'Step-by-step guides for getting the most out of Linkcard.' },
]

for (const section of SECTIONS) {
  const sourceDir = join(root, 'content', section.dir)
  const articles = readdirSync(sourceDir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => readArticle(join(sourceDir, f)))
    .sort((a, b) => b.date.localeCompare(a.date))
  mkdirSync(join(outDir, section.dir), { recursive: true })
  const list = articles
    .map(
      (a) => `<li class="card"><a href="/${section.dir}/${a.slug}/"><h2>${escapeHtml(a.title)}</h2></a>
<p>${escapeHtml(a.description)}</p><time datetime="${a.date}">${a.date}</time></li>`,
    )
    .join('\n')
  writeFileSync(
    join(outDir, section.dir, 'index.html'),
    page(`/${section.dir}/`, section.title, section.description, `<h1>${section.title}</h1><p class="lead">${section.description}</p><ul class="list">${list}</ul>`),
  )
  for (const a of articles) {
    mkdirSync(join(outDir, section.dir, a.slug), { recursive: true })
    writeFileSync(
      join(outDir, section.dir, a.slug, 'index.html'),
      page(
        `/${section.dir}/${a.slug}/`,
        a.title,
        a.description,
        `<p class="crumbs"><a href="/${section.dir}/">${section.title}</a></p><article><h1>${escapeHtml(a.title)}</h1>` +
          `<time datetime="${a.date}">${a.date}</time>${a.html}</article>`,
      ),
    )
  }
}
cpSync(join(root, 'content/content.css'), join(outDir, 'content.css'))

// Text files are also kept brotli-compressed at its best quality, which the server offers to
// browsers that take it (too slow to make on every start).
const compressedBeside = (dir: string) => {
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, name.name)
    if (name.isDirectory()) compressedBeside(file)
    else if (/\.(html|js|css|svg|json|txt)$/.test(name.name) && statSync(file).size > 1024)
      writeFileSync(`${file}.br`, brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  }
}
compressedBeside(outDir)

// dist/web becomes a link to this build in one rename, so a server reading it as it starts sees one
// whole build. The build before stays until a later one, for a server that began reading it just
// before the swap; older ones go.
let previous: string | undefined
try {
  previous = lstatSync(finalDir).isSymbolicLink() ? readlinkSync(finalDir) : undefined
  if (previous === undefined) rmSync(finalDir, { recursive: true, force: true })
} catch {}
const link = join(root, `dist/web-link-${process.pid}`)
symlinkSync(basename(outDir), link)
renameSync(link, finalDir)
for (const name of readdirSync(join(root, 'dist'))) {
  const dir = join(root, 'dist', name)
  // Another build may be under way: only folders a minute old go.
  if (/^web-[\d-]+$/.test(name) && name !== basename(outDir) && name !== previous && Date.now() - statSync(dir).mtimeMs > 60_000)
    rmSync(dir, { recursive: true, force: true })
}
console.log(`web app built into ${outDir}, linked as ${finalDir}`)
