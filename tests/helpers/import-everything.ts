// Run as its own process (tests/api/imports.test.ts): imports every module of the server but its
// entry points, then prints what appeared meanwhile: timers set, open descriptors (files,
// sockets), threads started and files in DATA_DIR.
import { readdirSync, readlinkSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = join(import.meta.dir, '../../src')
// The roots that start things by design: the server, and the event writer's thread.
const entryPoints = new Set(['index.ts', 'modules/analytics/writer-worker.ts'])

// Timers set by Linkcard's own code (libraries may keep their own, such as a router's caches),
// and threads started.
const timers: string[] = []
for (const name of ['setTimeout', 'setInterval', 'setImmediate'] as const) {
  const original = globalThis[name] as (...args: unknown[]) => unknown
  ;(globalThis as Record<string, unknown>)[name] = (...args: unknown[]) => {
    const caller = new Error().stack!.split('\n')[2] ?? ''
    if (caller.includes(root) && !caller.includes('node_modules')) timers.push(caller.trim())
    return original(...args)
  }
}
let threads = 0
const OriginalWorker = globalThis.Worker
globalThis.Worker = class extends OriginalWorker {
  constructor(...args: ConstructorParameters<typeof Worker>) {
    super(...args)
    threads += 1
  }
}

const descriptors = () => readdirSync('/proc/self/fd').map((fd) => { try { return readlinkSync(`/proc/self/fd/${fd}`) } catch { return 'gone' } })

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return modules(path)
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) && !entryPoints.has(relative(root, path)) ? [path] : []
  })
}

const before = descriptors()
const files = modules(root)
for (const file of files) await import(file)
// Whatever an import set off asynchronously has had its chance to show.
await new Promise((resolve) => queueMicrotask(() => resolve(undefined)))
const opened = descriptors().filter((target) => !before.includes(target))
console.log(JSON.stringify({ modules: files.length, timers, opened, threads, dataDir: readdirSync(process.env.DATA_DIR!) }))
process.exit(0)
