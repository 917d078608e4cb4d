// The server's request handler run inside the test process, on a real port: the tier for rules and
// validation, which need no process of their own (no signal, no restart, no settings of their own).
// It serves with the settings the preload made, and on the test's clock, so bun:test's
// setSystemTime moves time for the server too (tests/helpers/windows.ts atStartOfWindow).
import { app, handleRequest } from '../../src/app'
import { config } from '../../src/platform/config'
import { startLinkcard } from '../../src/runtime'
import type { TestServer } from './server'

export async function startInProcess(): Promise<TestServer> {
  const lifecycle = await startLinkcard({ background: false })
  const server = Bun.serve({ hostname: config.host, port: config.port, fetch: handleRequest, development: false })
  app.server = server
  const needsProcess = (what: string) => () => {
    throw new Error(`${what} needs a server process of its own: use startServer()`)
  }
  return {
    url: config.publicUrl,
    port: config.port,
    dataDir: config.dataDir,
    databaseUrl: config.database.dialect === 'postgres' ? config.database.url : undefined,
    env: {},
    logs: needsProcess('reading logs'),
    isRunning: () => true,
    pid: () => process.pid,
    stop: needsProcess('stopping'),
    kill: needsProcess('killing'),
    restart: needsProcess('restarting'),
    async close() {
      await server.stop(true)
      await lifecycle.stop((task, error) => console.error(`stopping ${task} failed`, error))
    },
  }
}
