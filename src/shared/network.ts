// The network a client address belongs to: the address itself for IPv4 (one NAT, one network),
// its /64 for IPv6 (what one subscriber usually holds, and can walk through). Every limit or count
// per client address keys by this, never by the bare address.
export function networkOf(address: string) {
  const ip = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address
  if (!ip.includes(':')) return ip
  const [head, tail = ''] = ip.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left
  return `${groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`
}

// Names no public DNS answers for, or answers only for documentation: RFC 6761 (localhost, test,
// invalid, example, example.com/net/org), RFC 6762 (local), RFC 7686 (onion), RFC 8375 (home.arpa)
// and ICANN's internal. Whatever they resolve to on this machine, they are not the public internet.
const SPECIAL_USE_DOMAINS = ['localhost', 'test', 'invalid', 'example', 'example.com', 'example.net', 'example.org', 'local', 'onion', 'home.arpa', 'internal']

/** A host name as DNS compares it: lower case, without the trailing dots that make it absolute. */
export const canonicalHostName = (hostname: string) => hostname.toLowerCase().replace(/\.+$/, '')

/** Whether the host name is, or is within, a special-use domain (trailing dots or not). */
export function isSpecialUseHost(hostname: string) {
  const name = canonicalHostName(hostname)
  return SPECIAL_USE_DOMAINS.some((domain) => name === domain || name.endsWith(`.${domain}`))
}
