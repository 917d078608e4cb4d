// Builds the web app and the content pages into dist/web, which the server embeds.
// The SPA is bundled by Bun with Tailwind; /blog/ and /how-to/ are Markdown rendered to static HTML.
//
// Every `npm start` and `npm test` runs this first, often several at once from one folder (instances
// started together), so a build is named by a hash of its inputs (dist/web-<hash>) and dist/web links
// to it: when the inputs are those of the linked build, there is nothing to do. Otherwise one process
// builds (the others wait for its lock), into a folder of its own, renamed into place whole, and the
// link is swapped in one rename; a lock left by a process that died is passed by. Each step is
// atomic, so builds that do run side by side leave one whole build.
import { createHash } from 'node:crypto'
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { basename, join, relative } from 'node:path'
import { escapeHtml } from '../src/shared/html'
import { SHARE_IMAGE, SHARE_IMAGE_PATH } from '../src/shared/share-image'
import { shareImage } from './share-image'
import { siteChrome } from './site-chrome'

const root = join(import.meta.dir, '..')
const dist = join(root, 'dist')
const finalDir = join(dist, 'web')

// What a build is made from: the app, the pages, the shared rules both import, the edge worker, this
// script and its helpers, and the locked dependencies (Bun, Tailwind, React...).
const INPUTS = ['web', 'content', 'src/shared', 'edge-worker', 'scripts/build-web.ts', 'scripts/share-image.ts', 'scripts/site-chrome.tsx', 'package-lock.json']

/** A hash of every input file's path and bytes, and of the Bun that builds. */
function inputsHash(): string {
  const hash = createHash('sha256').update(Bun.version)
  const add = (path: string) => {
    const full = join(root, path)
    if (statSync(full).isDirectory()) for (const name of readdirSync(full).sort()) add(join(path, name))
    else hash.update(`\0${path}\0`).update(readFileSync(full))
  }
  for (const input of INPUTS) add(input)
  return hash.digest('hex').slice(0, 16)
}

const buildName = `web-${inputsHash()}`
const isLinked = () => {
  try {
    return lstatSync(finalDir).isSymbolicLink() && readlinkSync(finalDir) === buildName && existsSync(join(dist, buildName))
  } catch {
    return false
  }
}

async function buildInto(outDir: string) {
  // Loaded only to build: a start with nothing to build stays quick.
  const [{ default: tailwind }, { marked }] = await Promise.all([import('bun-plugin-tailwind'), import('marked')])
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

  // Text files are also kept compressed, brotli at its best quality and gzip, which the server
  // offers to browsers that take them (too slow to make on every start).
  const compressedBeside = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, name.name)
      if (name.isDirectory()) compressedBeside(file)
      else if (/\.(html|js|css|svg|json|txt)$/.test(name.name) && statSync(file).size > 1024) {
        const data = readFileSync(file)
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
      }
    }
  }
  compressedBeside(outDir)
}

/** Whether the process holding a lock is gone (it died while building). */
function isAbandoned(lock: string) {
  try {
    process.kill(Number(readFileSync(join(lock, 'pid'), 'utf8')), 0)
    return false
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ESRCH') return true
    // A lock without its pid is being taken, unless it has been so for a while.
    if (code === 'ENOENT') return existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 30_000
    return false
  }
}

/** Holds dist/.web-build.lock while `work` runs: taken by one process at a time, waited for by the others. */
async function holdingLock(work: () => Promise<void>) {
  const lock = join(dist, '.web-build.lock')
  for (let waited = 0; ; waited += 100) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    // Another build of these inputs has finished meanwhile.
    if (isLinked()) return
    // The lock is a saving, not a safeguard (each step below is atomic): past a dead holder, or ten
    // minutes, build anyway.
    if (isAbandoned(lock) || waited > 600_000) {
      rmSync(lock, { recursive: true, force: true })
      continue
    }
    await Bun.sleep(100)
  }
  writeFileSync(join(lock, 'pid'), String(process.pid))
  try {
    await work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** dist/web becomes a link to the build in one rename; builds older than the one before it go. */
function link() {
  let previous: string | undefined
  try {
    previous = lstatSync(finalDir).isSymbolicLink() ? readlinkSync(finalDir) : undefined
    if (previous === undefined) rmSync(finalDir, { recursive: true, force: true })
  } catch {}
  const temporary = join(dist, `web-link-${process.pid}`)
  rmSync(temporary, { force: true })
  symlinkSync(buildName, temporary)
  renameSync(temporary, finalDir)
  // The build before stays for a server that began reading it just before the swap; a build or a
  // folder left half-made by a process that died goes once a minute old (another may be under way).
  for (const name of readdirSync(dist)) {
    if (!/^web-[\w.-]+$/.test(name) || name === buildName || name === previous || name.startsWith('web-link-')) continue
    try {
      if (Date.now() - statSync(join(dist, name)).mtimeMs > 60_000) rmSync(join(dist, name), { recursive: true, force: true })
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

if (isLinked()) console.log(`web app in ${finalDir} is up to date (${buildName})`)
else {
  mkdirSync(dist, { recursive: true })
  await holdingLock(async () => {
    if (isLinked()) return
    const outDir = join(dist, buildName)
    // The same inputs built before (say, after a change undone) are that build.
    if (!existsSync(outDir)) {
      const building = join(dist, `${buildName}.${process.pid}`)
      await buildInto(building)
      try {
        renameSync(building, outDir)
      } catch {
        // Another process built the same inputs at the same time: theirs is as good.
        rmSync(building, { recursive: true, force: true })
      }
    }
    link()
    console.log(`web app built into ${relative(root, outDir)}, linked as ${relative(root, finalDir)}`)
  })
  if (!isLinked()) throw new Error(`dist/web does not link to ${buildName}`)
}
