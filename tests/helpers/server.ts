// Starts the real server (`bun src/index.ts`) as a child process on a free port with its own
// temporary DATA_DIR and database, and speaks to it only over HTTP.
import { afterAll, beforeAll } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestDatabase, dropTestDatabase } from './database'
import { client, type Client } from './http'

const root = join(import.meta.dir, '../..')

export type TestServer = {
  url: string
  port: number
  dataDir: string
  databaseUrl?: string
  env: Record<string, string>
  /** The server's recent log lines (JSON), newest last. */
  logs(): string[]
  /** Whether the server process is still running. */
  isRunning(): boolean
  /** The server process's id (this process's own for a server in it). */
  pid(): number
  /** Graceful stop (SIGTERM) and wait for exit; answers the exit code. */
  stop(): Promise<number>
  /** Kills the server outright (SIGKILL: no shutdown work runs) and waits for it to be gone. */
  kill(): Promise<void>
  /** Starts the server again on the same data and port. */
  restart(): Promise<void>
  /** Stops and removes its data. */
  close(): Promise<void>
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port!
  probe.stop(true)
  return port
}

/** `root`: the folder it runs from (another copy of the project), this one by default. */
type Options = { env?: Record<string, string>; dataDir?: string; databaseUrl?: string; root?: string }

async function spawnServer(env: Record<string, string>, cwd = root) {
  const lines: string[] = []
  const child = Bun.spawn(['bun', 'src/index.ts'], {
    cwd,
    env: { ...process.env, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  // isEnding: the test stopped or killed it; a server that ends otherwise says so.
  const running = { child, lines, isEnding: false, port: 0 }
  running.port = await new Promise<number>((resolve, reject) => {
    // A start waits for migrations and the web build check; at the start of a run on a busy machine that can take a while.
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${lines.join('\n')}`)), 60_000)
    const read = async (stream: ReadableStream<Uint8Array>) => {
      const decoder = new TextDecoder()
      let buffered = ''
      for await (const chunk of stream) {
        buffered += decoder.decode(chunk, { stream: true })
        let at: number
        while ((at = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, at)
          buffered = buffered.slice(at + 1)
          lines.push(line)
          if (lines.length > 500) lines.shift()
          if (line.includes('"msg":"listening"')) {
            clearTimeout(timer)
            resolve(JSON.parse(line).port)
          }
        }
      }
    }
    void read(child.stdout as ReadableStream<Uint8Array>)
    void read(child.stderr as ReadableStream<Uint8Array>)
    child.exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before listening:\n${lines.join('\n')}`))
      // A server that ends on its own, after it listened, says why in the test's output.
      if (running.port && !running.isEnding) console.error(`the server on port ${running.port} exited with ${code}${child.signalCode ? ` (${child.signalCode})` : ''}; its last lines:\n${lines.slice(-40).join('\n')}`)
    })
  })
  return running
}

export async function startServer(options: Options = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'linkcard-test-'))
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase())
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: '',
    // The scheduled link checks would reach out to every test's made-up targets; the tests of them switch them on.
    LINK_HEALTH_CHECKS: 'off',
    ...options.env,
  }
  const port = freePort()
  env.PORT = String(port)
  // PUBLIC_URL defaults to the real port, so links in answers point at this server; a given one
  // may name it as {port} (http://localhost:{port} for passkeys, whose site must be a host name).
  env.PUBLIC_URL = (env.PUBLIC_URL || 'http://127.0.0.1:{port}').replace('{port}', String(port))
  let running: Awaited<ReturnType<typeof spawnServer>>
  const boot = async () => {
    running = await spawnServer(env, options.root)
  }
  await boot()
  const server: TestServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    databaseUrl,
    env,
    logs: () => [...running.lines],
    isRunning: () => running.child.exitCode === null,
    pid: () => running.child.pid,
    async stop() {
      running.isEnding = true
      running.child.kill('SIGTERM')
      return await running.child.exited
    },
    async kill() {
      running.isEnding = true
      running.child.kill('SIGKILL')
      await running.child.exited
    },
    async restart() {
      if (running.child.exitCode === null) await server.stop()
      await boot()
    },
    async close() {
      running.isEnding = true
      if (running.child.exitCode === null) {
        running.child.kill('SIGTERM')
        await running.child.exited
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
      if (!options.databaseUrl) await dropTestDatabase(databaseUrl)
    },
  }
  return server
}

/**
 * The file's server, from `start` (a spawned one by default; startInProcess for the in-process
 * tier), and a client for it: started before the file's tests and closed after them.
 */
export function serverAroundTests(start: () => Promise<TestServer> = () => startServer()) {
  const tier = {} as { server: TestServer; http: Client }
  beforeAll(async () => {
    tier.server = await start()
    tier.http = client(tier.server.url)
  })
  afterAll(() => tier.server?.close())
  return tier
}
