// Fetches pages that a user names (metadata of a link's target) without letting them reach this
// server's own network: loopback, private, link-local and cloud-metadata addresses are refused in
// every spelling, on every redirect hop, and the check runs inside the connection's own DNS lookup,
// so the address checked is the address connected to (no DNS-rebinding window). Special-use names
// (localhost, .local, .internal…) are refused before any lookup, whether or not DNS answers for
// them, and so are addresses with a user name or password, which would never be sent.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { BlockList, isIP } from 'node:net'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { canonicalHostName, isSpecialUseHost } from '../shared/network'
import { config } from './config'
import { AppError } from './errors'

export const NOT_PUBLIC = 'This address is not reachable from Linkcard (private or local network).'
const WITH_CREDENTIALS = 'Addresses with a user name or password are refused: Linkcard never sends them.'
const MAX_REDIRECTS = 5

const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (also some clouds' metadata, 100.100.100.200)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4')
// Only global unicast 2000::/3 is public at all; within it these are not.
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments, Teredo (which hides an IPv4 address)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
] as const)
  blocked.addSubnet(network, prefix, 'ipv6')

/** The eight 16-bit groups of an IPv6 address, via the URL parser's canonical spelling. */
function ipv6Groups(address: string): number[] | undefined {
  let canonical: string
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1)
  } catch {
    return undefined // zone ids and other forms no URL can carry
  }
  const [head, tail] = canonical.split('::')
  const groups = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : [])
  if (tail === undefined) return groups(head)
  const left = groups(head)
  const right = groups(tail)
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
}

const ipv4 = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.')

/** The IPv4 address an IPv6 address stands for: mapped, compatible, NAT64 or 6to4. */
function embeddedIpv4(groups: number[]): string | undefined {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0)
  // ::ffff:a.b.c.d and ::a.b.c.d (this covers :: and ::1 too, as 0.0.0.0 and 0.0.0.1)
  if (zeros(0, 5) && (groups[5] === 0 || groups[5] === 0xffff)) return ipv4(groups[6], groups[7])
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return ipv4(groups[6], groups[7])
  if (groups[0] === 0x2002) return ipv4(groups[1], groups[2])
  return undefined
}

/** True only for an IP address on the public internet; anything unparseable is not. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[(.*)\]$/, '$1')
  const family = isIP(ip)
  if (family === 4) return !blocked.check(ip, 'ipv4')
  if (family !== 6) return false
  const groups = ipv6Groups(ip)
  if (!groups) return false
  const inner = embeddedIpv4(groups)
  if (inner !== undefined) return isPublicAddress(inner)
  return groups[0] >> 13 === 1 && !blocked.check(ip, 'ipv6')
}

const isAllowedHost = (url: URL) => {
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
  const hostname = canonicalHostName(url.hostname)
  return config.fetchAllowedHosts.some((entry) => entry.hostname === hostname && (entry.port === undefined || entry.port === port))
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void

/** The connection's DNS lookup: refuses the host when any of its addresses is not public. */
function publicLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback) {
  dnsLookup(hostname, { all: true }, (error, addresses) => {
    if (error) return callback(error, [])
    if (addresses.length === 0 || !addresses.every((entry) => isPublicAddress(entry.address)))
      return callback(new AppError('invalid', NOT_PUBLIC), [])
    if (options.all) callback(null, addresses)
    else callback(null, addresses[0].address, addresses[0].family)
  })
}

/**
 * Checks one hop's URL before connecting and answers whether it is on FETCH_ALLOWED_HOSTS; other
 * host names are checked by the connection's lookup.
 */
function checkTarget(url: URL): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('invalid', 'Only http:// and https:// pages can be loaded.')
  if (url.username || url.password) throw new AppError('invalid', WITH_CREDENTIALS)
  if (isAllowedHost(url)) return true
  const host = canonicalHostName(url.hostname).replace(/^\[(.*)\]$/, '$1')
  if (isSpecialUseHost(host)) throw new AppError('invalid', NOT_PUBLIC)
  // IP literals never reach a lookup function, so they are checked here.
  if (isIP(host) && !isPublicAddress(host)) throw new AppError('invalid', NOT_PUBLIC)
  return false
}

const USER_AGENT = `Linkcard/1.0 (link preview; +${config.publicUrl})`

const PAGE_REQUEST = {
  method: 'GET',
  headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', 'accept-encoding': 'gzip, deflate, br' },
}

function request(url: URL, isAllowed: boolean, signal: AbortSignal, { method, headers, body }: { method: string; headers: Record<string, string>; body?: string } = PAGE_REQUEST): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http
    const outgoing = client.request(
      {
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port || undefined,
        path: url.pathname + url.search,
        method,
        headers,
        lookup: isAllowed ? undefined : publicLookup,
        agent: false,
        signal,
      },
      resolve,
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
}

async function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal, startOnly = false): Promise<Uint8Array> {
  if (!startOnly && Number(response.headers['content-length'] ?? 0) > maxBytes) throw new AppError('invalid', 'The page is too large.')
  const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase()
  const decoder = DECODERS[encoding]?.()
  if (decoder) response.on('error', (error) => decoder.emit('error', error))
  const chunks: Buffer[] = []
  let size = 0
  // The limit counts decoded bytes, so a small compressed bomb stops as early as a huge page.
  for await (const chunk of decoder ? response.pipe(decoder) : response) {
    size += chunk.length
    if (size > maxBytes && startOnly) {
      chunks.push(chunk)
      return Buffer.concat(chunks).subarray(0, maxBytes)
    }
    if (size > maxBytes) throw new AppError('invalid', 'The page is too large.')
    chunks.push(chunk)
  }
  if (signal.aborted) throw signal.reason
  return Buffer.concat(chunks)
}

function toAppError(error: unknown, signal: AbortSignal): AppError {
  if (error instanceof AppError) return error
  if (signal.aborted) return new AppError('invalid', 'The page took too long to answer.')
  const code = (error as { code?: string }).code
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new AppError('invalid', 'This address could not be found.')
  return new AppError('invalid', 'The page could not be loaded.')
}

export type FetchOptions = {
  /** Media types whose body is read; any other answer comes back with `body: null`. */
  accept: readonly string[]
  timeoutMs?: number
  maxBytes?: number
  /** Answer an error status (with `body: null`) instead of refusing it. */
  anyStatus?: boolean
  /** Read the first `maxBytes` of a longer body instead of refusing it. */
  startOnly?: boolean
}

export type FetchedPage = {
  /** The URL after redirects. */
  url: string
  /** The HTTP status of the last answer. */
  status: number
  /** The Content-Type header as sent, parameters included. */
  contentType: string
  body: Uint8Array | null
}

/**
 * GETs a page on the public internet (or on FETCH_ALLOWED_HOSTS), following up to 5 redirects,
 * all within one time limit. Every refusal and failure is an AppError('invalid') saying why.
 */
export async function safeFetch(url: string, { accept, timeoutMs = 5000, maxBytes = 1024 * 1024, anyStatus = false, startOnly = false }: FetchOptions): Promise<FetchedPage> {
  const signal = AbortSignal.timeout(timeoutMs)
  let target: URL
  try {
    target = new URL(url)
  } catch {
    throw new AppError('invalid', 'Only http:// and https:// pages can be loaded.')
  }
  let response: IncomingMessage | undefined
  try {
    for (let hop = 0; ; hop++) {
      response = await request(target, checkTarget(target), signal)
      const status = response.statusCode ?? 0
      const location = response.headers.location
      if (status >= 300 && status < 400 && location) {
        response.destroy()
        if (hop === MAX_REDIRECTS) throw new AppError('invalid', 'Too many redirects.')
        target = new URL(location, target)
        continue
      }
      const contentType = String(response.headers['content-type'] ?? '')
      if (status < 200 || status >= 300) {
        if (anyStatus) return { url: target.href, status, contentType, body: null }
        throw new AppError('invalid', `The page could not be loaded (HTTP ${status}).`)
      }
      const mediaType = contentType.split(';')[0].trim().toLowerCase()
      const body = accept.includes(mediaType) ? await readBody(response, maxBytes, signal, startOnly) : null
      return { url: target.href, status, contentType, body }
    }
  } catch (error) {
    throw toAppError(error, signal)
  } finally {
    response?.destroy()
  }
}

/** The first `maxBytes` of an answer's body, as text; the rest is not read. */
async function startOf(response: IncomingMessage, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response) {
    chunks.push(chunk)
    size += chunk.length
    if (size >= maxBytes) break
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8')
}

/**
 * POSTs a body to an address on the public internet (or on FETCH_ALLOWED_HOSTS), following no
 * redirect, within a time limit (or until `signal` aborts): answers the status and the start of the answer. Every refusal
 * and failure to get an answer is an AppError('invalid') saying why.
 */
export async function safePost(
  url: string,
  { headers, body, timeoutMs = 10_000, maxBytes = 4096, signal: cancel }: { headers: Record<string, string>; body: string; timeoutMs?: number; maxBytes?: number; signal?: AbortSignal },
) {
  const signal = cancel ? AbortSignal.any([AbortSignal.timeout(timeoutMs), cancel]) : AbortSignal.timeout(timeoutMs)
  let response: IncomingMessage | undefined
  try {
    const target = new URL(url)
    response = await request(target, checkTarget(target), signal, { method: 'POST', headers: { 'user-agent': USER_AGENT, ...headers }, body })
    return { status: response.statusCode ?? 0, body: await startOf(response, maxBytes) }
  } catch (error) {
    throw toAppError(error instanceof TypeError ? new AppError('invalid', 'Only http:// and https:// addresses can be called.') : error, signal)
  } finally {
    response?.destroy()
  }
}

/**
 * Why an address cannot be called, or undefined when it may be: a host name that resolves to a
 * private address now is refused; one that does not resolve now is let be (each call checks again).
 */
export async function unreachableReason(url: string): Promise<string | undefined> {
  try {
    const target = new URL(url)
    if (checkTarget(target) || isIP(target.hostname.replace(/^\[(.*)\]$/, '$1'))) return undefined
    const addresses = await new Promise<LookupAddress[]>((resolve) => dnsLookup(target.hostname, { all: true }, (error, found) => resolve(error ? [] : found)))
    return addresses.every((entry) => isPublicAddress(entry.address)) ? undefined : NOT_PUBLIC
  } catch (error) {
    return error instanceof AppError ? error.message : 'Only http:// and https:// addresses can be called.'
  }
}
