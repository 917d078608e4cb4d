// Child processes of the benches: commands run to their end, servers started and waited for.
import { join } from 'node:path'

export const root = join(import.meta.dir, '../..')

export function freePort() {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port!
  probe.stop(true)
  return port
}

export async function run(command: string[], env: Record<string, string> = {}) {
  const child = Bun.spawn(command, { cwd: root, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'inherit' })
  const output = await new Response(child.stdout).text()
  if ((await child.exited) !== 0) throw new Error(`${command.join(' ')} failed:\n${output}`)
  return output
}

/** Starts a server process and waits until it answers on its port. */
export async function startProcess(command: string[], env: Record<string, string>, port: number, path: string) {
  const child = Bun.spawn(command, { cwd: root, env: { ...process.env, ...env }, stdout: 'ignore', stderr: 'inherit' })
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`)
    const answer = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: 'manual' }).catch(() => undefined)
    if (answer) return child
    await Bun.sleep(100)
  }
  throw new Error(`${command.join(' ')} did not start`)
}
