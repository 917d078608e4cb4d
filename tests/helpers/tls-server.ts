// Stands in for the TLS proxy in front of the product: a TLS server holding one self-signed
// certificate (made with openssl) for the given names. Give the server its port as DOMAIN_TLS_PORT
// and `caFile` as DOMAIN_TLS_CA_FILE so that certificate counts as valid.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:tls'
import { isIP } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export type TlsStandIn = { port: number; caFile: string; env: Record<string, string>; close(): void }

/** A self-signed certificate for the given names (host names or IP addresses), made with openssl in a folder of its own. */
export function selfSignedCertificate(names: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'linkcard-tls-'))
  const keyFile = join(dir, 'key.pem')
  const certFile = join(dir, 'cert.pem')
  const altNames = names.map((name) => (isIP(name) ? `IP:${name}` : `DNS:${name}`)).join(',')
  const made = Bun.spawnSync(
    ['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${names[0]}`,
      '-addext', `subjectAltName=${altNames}`, '-keyout', keyFile, '-out', certFile],
    { stderr: 'pipe' },
  )
  if (made.exitCode !== 0) throw new Error(`openssl failed: ${made.stderr.toString()}`)
  return {
    certFile,
    key: readFileSync(keyFile),
    cert: readFileSync(certFile),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

export async function startTlsServer(names: string[]): Promise<TlsStandIn> {
  const certificate = selfSignedCertificate(names)
  const cert = certificate.certFile
  const server = createServer({ key: certificate.key, cert: certificate.cert }, (socket) => socket.end())
  // "::" takes IPv4 and IPv6, so "localhost" reaches it whichever address it resolves to.
  await new Promise<void>((resolve) => server.listen(0, '::', () => resolve()))
  const port = (server.address() as { port: number }).port
  return {
    port,
    caFile: cert,
    env: { DOMAIN_TLS_PORT: String(port), DOMAIN_TLS_CA_FILE: cert },
    close() {
      server.close()
      certificate.remove()
    },
  }
}
