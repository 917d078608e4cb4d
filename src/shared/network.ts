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
