// Which address a request came from when proxies we run stand in front: pure functions over the
// TRUST_PROXY setting and the X-Forwarded-For chain.
import ipaddr from 'ipaddr.js'

type Network = [ipaddr.IPv4 | ipaddr.IPv6, number]

/** Trust the last `hops` proxies, or every proxy whose address is in one of `networks`. */
export type TrustProxy = { hops: number } | { networks: readonly Network[] }

/**
 * TRUST_PROXY's value: `true` (one hop), a hop count, or a comma-separated list of networks in
 * CIDR form (a bare address is a network of one); null when off, undefined when not understood.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | null | undefined {
  const value = raw?.trim().toLowerCase()
  if (!value || value === 'false' || value === '0') return null
  if (value === 'true') return { hops: 1 }
  if (/^\d+$/.test(value)) return Number(value) <= 32 ? { hops: Number(value) } : undefined
  const networks: Network[] = []
  for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [address, bits, extra] = entry.split('/')
    // Only the usual spellings: ipaddr.js also reads legacy forms such as 1.5 (1.0.0.5).
    if (extra !== undefined || !(ipaddr.IPv4.isValidFourPartDecimal(address) || (address.includes(':') && ipaddr.IPv6.isValid(address)))) return undefined
    try {
      networks.push(bits === undefined ? [ipaddr.parse(address), address.includes(':') ? 128 : 32] : ipaddr.parseCIDR(entry))
    } catch {
      return undefined
    }
  }
  return networks.length > 0 ? { networks } : undefined
}

/** An address without a port or brackets, IPv4-mapped IPv6 as plain IPv4; anything else as given. */
function parseAddress(entry: string) {
  const bare = /^\[([^\]]+)\](?::\d+)?$/.exec(entry)?.[1] ?? /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry)?.[1] ?? entry
  try {
    return ipaddr.process(bare)
  } catch {
    return undefined
  }
}

const isTrusted = (address: ipaddr.IPv4 | ipaddr.IPv6, networks: readonly Network[]) =>
  networks.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits))

/**
 * The client in a chain of addresses, oldest first, ending with the socket's peer: the right-most
 * one that no trusted proxy added. Anything left of it may have been written by the client itself.
 */
export function clientOf(chain: readonly string[], trust: TrustProxy): string {
  let index: number
  if ('hops' in trust) index = Math.max(0, chain.length - 1 - trust.hops)
  else {
    index = chain.length - 1
    while (index > 0) {
      const address = parseAddress(chain[index])
      if (!address || !isTrusted(address, trust.networks)) break
      index--
    }
  }
  return parseAddress(chain[index])?.toString() ?? chain[index]
}
