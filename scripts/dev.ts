// `npm run dev`: builds the web app, serves the product, and on every change to web/ or content/
// rebuilds the web app, and on every change to src/, restarts the server.
import { watch } from 'node:fs'
import { join } from 'node:path'
import type { Subprocess } from 'bun'

const root = join(import.meta.dir, '..')
let server: Subprocess | undefined
let timer: ReturnType<typeof setTimeout> | undefined
let rebuildWeb = true

async function buildWeb() {
  const build = Bun.spawn([process.execPath, 'scripts/build-web.ts'], { cwd: root, stdout: 'inherit', stderr: 'inherit' })
  return (await build.exited) === 0
}

async function restart() {
  if (rebuildWeb && !(await buildWeb())) {
    console.error('web build failed; fix it and save again')
    return
  }
  rebuildWeb = false
  if (server) {
    server.kill('SIGTERM')
    await server.exited
  }
  // The server embeds dist/web when it starts, so a web change needs a restart too.
  server = Bun.spawn([process.execPath, 'src/index.ts'], { cwd: root, stdout: 'inherit', stderr: 'inherit' })
}

function schedule(isWeb: boolean) {
  rebuildWeb ||= isWeb
  clearTimeout(timer)
  timer = setTimeout(() => void restart(), 150)
}

for (const dir of ['web', 'content']) watch(join(root, dir), { recursive: true }, () => schedule(true))
for (const dir of ['src', 'drizzle']) watch(join(root, dir), { recursive: true }, () => schedule(false))
process.on('SIGINT', () => {
  server?.kill('SIGTERM')
  process.exit(0)
})
await restart()
