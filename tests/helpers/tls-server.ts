// Stands in for the TLS proxy in front of the product: a TLS server holding one self-signed
// certificate (made with openssl) for the given names. Give the server its port as DOMAIN_TLS_PORT
// and `caFile` as DOMAIN_TLS_CA_FILE so that certificate counts as valid.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:tls'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export type TlsStandIn = { port: number; caFile: string; env: Record<string, string>; close(): void }

export async function startTlsServer(names: string[]): Promise<TlsStandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'linkcard-tls-'))
  const key = join(dir, 'key.pem')
  const cert = join(dir, 'cert.pem')
  const made = Bun.spawnSync(
    ['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${names[0]}`,
      '-addext', `subjectAltName=${names.map((name) => `DNS:${name}`).join(',')}`, '-keyout', key, '-out', cert],
    { stderr: 'pipe' },
  )
  if (made.exitCode !== 0) throw new Error(`openssl failed: ${made.stderr.toString()}`)
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (socket) => socket.end())
  // "::" takes IPv4 and IPv6, so "localhost" reaches it whichever address it resolves to.
  await new Promise<void>((resolve) => server.listen(0, '::', () => resolve()))
  const port = (server.address() as { port: number }).port
  return {
    port,
    caFile: cert,
    env: { DOMAIN_TLS_PORT: String(port), DOMAIN_TLS_CA_FILE: cert },
    close() {
      server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
