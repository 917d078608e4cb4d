// The two facts a custom domain needs: DNS that proves ownership and points at the product (real
// look-ups through DNS_RESOLVER or the system's resolver), and a valid certificate served for it.
import { Resolver } from 'node:dns/promises'
import { readFileSync } from 'node:fs'
import tls from 'node:tls'
import { config } from '../../platform/config'
import { verifyRecordName } from '../../shared/custom-domain'

const LOOKUP_TIMEOUT_MS = 2500
const TLS_TIMEOUT_MS = 5000
const MISSING = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME'])

/** The host every custom domain must CNAME to: PUBLIC_URL's. */
export const productHostname = new URL(config.publicUrl).hostname

function resolver() {
  const r = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 })
  if (config.dnsResolver) r.setServers(config.dnsResolver)
  return r
}

const codeOf = (error: unknown) => (error as { code?: string }).code ?? 'error'
const bare = (name: string) => name.toLowerCase().replace(/\.$/, '')

/** What a DNS check found wrong; `transient` when a look-up failed rather than a record being absent or wrong. */
export type DnsProblem = { message: string; transient: boolean }

/** Checks the TXT ownership record and the CNAME; answers what is wrong, or nothing. */
export async function checkDns(hostname: string, token: string): Promise<DnsProblem[]> {
  const dns = resolver()
  const txtName = verifyRecordName(hostname)
  const [txt, cname] = await Promise.allSettled([dns.resolveTxt(txtName), dns.resolveCname(hostname)])
  const problems: DnsProblem[] = []
  const wrong = (message: string) => problems.push({ message, transient: false })

  if (txt.status === 'rejected') {
    const code = codeOf(txt.reason)
    if (MISSING.has(code)) wrong(`TXT record ${txtName} not found.`)
    else problems.push({ message: `DNS lookup of ${txtName} failed (${code}); it is retried automatically.`, transient: true })
  } else if (!txt.value.some((chunks) => chunks.join('') === token)) {
    wrong('TXT record has the wrong value.')
  }

  if (cname.status === 'rejected') {
    const code = codeOf(cname.reason)
    if (MISSING.has(code)) wrong(`No CNAME record for ${hostname}.`)
    else problems.push({ message: `DNS lookup of ${hostname} failed (${code}); it is retried automatically.`, transient: true })
  } else {
    const targets = cname.value.map(bare)
    if (!targets.includes(productHostname)) wrong(`CNAME of ${hostname} points to ${targets.join(', ')}, expected ${productHostname}.`)
  }
  return problems
}

let trusted: string[] | undefined
function trustedCas() {
  if (!config.domainTlsCaFile) return undefined
  trusted ??= [...tls.rootCertificates, readFileSync(config.domainTlsCaFile, 'utf8')]
  return trusted
}

/**
 * True when the product's TLS proxy serves a certificate valid for hostname. The domain's CNAME
 * points at PUBLIC_URL's host, so that host answering with SNI = hostname is what visitors get.
 */
export function hasValidCertificate(hostname: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tls.connect({
      host: productHostname,
      port: config.domainTlsPort,
      servername: hostname,
      rejectUnauthorized: true,
      ca: trustedCas(),
      timeout: TLS_TIMEOUT_MS,
    })
    const finish = (valid: boolean) => {
      socket.destroy()
      resolve(valid)
    }
    socket.once('secureConnect', () => finish(socket.authorized))
    socket.once('error', () => finish(false))
    socket.once('timeout', () => finish(false))
  })
}
