// Which labelled ranges (a platform's, say) hold an address: one bit trie over the addresses' bits,
// built once from CIDR blocks, so a request costs a walk of at most 32 or 128 steps, a few
// comparisons each, and allocates nothing. IPv4, IPv6, and an IPv4-mapped IPv6 address (::ffff:…)
// as the IPv4 address it carries, in an address and in a block alike.

// Scratch space of the parser: one request at a time runs on a thread.
const parsed = new Uint8Array(16)
const groups = new Uint16Array(8)

const hexDigit = (code: number) => (code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : code >= 65 && code <= 70 ? code - 55 : -1)

/** Reads a dotted IPv4 address from text[start, end) into out[at…at+3]. */
function readIpv4(text: string, start: number, end: number, out: Uint8Array, at: number): boolean {
  let part = 0
  let value = 0
  let digits = 0
  for (let i = start; i <= end; i++) {
    const code = i === end ? 46 : text.charCodeAt(i)
    if (code === 46) {
      if (digits === 0 || part === 4) return false
      out[at + part++] = value
      value = 0
      digits = 0
    } else if (code >= 48 && code <= 57 && digits < 3) {
      value = value * 10 + code - 48
      digits++
      if (value > 255) return false
    } else return false
  }
  return part === 4
}

/** Reads an IPv6 address from text[0, end) into out[0…15]. */
function readIpv6(text: string, end: number, out: Uint8Array): boolean {
  let count = 0
  let gap = -1
  let i = 0
  if (text.charCodeAt(0) === 58) {
    if (text.charCodeAt(1) !== 58) return false
    gap = 0
    i = 2
  }
  while (i < end) {
    if (count === 8) return false
    let j = i
    let value = 0
    while (j < end && j - i < 5 && hexDigit(text.charCodeAt(j)) >= 0) value = value * 16 + hexDigit(text.charCodeAt(j++))
    if (j < end && text.charCodeAt(j) === 46) {
      // A dotted IPv4 tail fills the last two groups.
      if (count > 6 || !readIpv4(text, i, end, out, 0)) return false
      groups[count++] = (out[0] << 8) | out[1]
      groups[count++] = (out[2] << 8) | out[3]
      break
    }
    if (j === i || j - i > 4) return false
    groups[count++] = value
    i = j
    if (i === end) break
    if (text.charCodeAt(i++) !== 58 || i === end) return false
    if (text.charCodeAt(i) === 58) {
      if (gap >= 0) return false
      gap = count
      i++
    }
  }
  // "::" stands for one group of zeros at least.
  if (gap < 0 ? count !== 8 : count > 7) return false
  const zeros = 8 - count
  for (let g = 0, from = 0; g < 8; g++) {
    const value = gap >= 0 && g >= gap && g < gap + zeros ? 0 : groups[from++]
    out[g * 2] = value >> 8
    out[g * 2 + 1] = value & 255
  }
  return true
}

const isIpv4Mapped = (bytes: Uint8Array) => {
  for (let i = 0; i < 10; i++) if (bytes[i] !== 0) return false
  return bytes[10] === 255 && bytes[11] === 255
}

/**
 * Parses an address (IPv6 with or without a zone) into `out`: 4 when it is IPv4 (or IPv4-mapped
 * IPv6, whose IPv4 bytes are moved to the front), 16 for IPv6, 0 when it is no address.
 */
export function parseAddress(text: string, out: Uint8Array = parsed): 0 | 4 | 16 {
  if (!text.includes(':')) return readIpv4(text, 0, text.length, out, 0) ? 4 : 0
  const zone = text.indexOf('%')
  if (!readIpv6(text, zone >= 0 ? zone : text.length, out)) return 0
  if (!isIpv4Mapped(out)) return 16
  out.copyWithin(0, 12, 16)
  return 4
}

/** A CIDR block ("203.0.113.0/24", "2001:db8::/32"; a bare address is a block of one) as its bytes and prefix length, or undefined. */
export function parseBlock(block: string): { bytes: Uint8Array; family: 4 | 16; prefix: number } | undefined {
  const slash = block.indexOf('/')
  const address = slash < 0 ? block.trim() : block.slice(0, slash).trim()
  const bytes = new Uint8Array(16)
  const isMapped = address.includes(':')
  const family = parseAddress(address, bytes)
  if (family === 0) return undefined
  const written = slash < 0 ? (isMapped ? 128 : 32) : block.slice(slash + 1).trim()
  const prefix = typeof written === 'number' ? written : /^\d{1,3}$/.test(written) ? Number(written) : Number.NaN
  // An IPv4-mapped block counts its prefix over the IPv6 address's 128 bits.
  const bits = isMapped && family === 4 ? prefix - 96 : prefix
  if (!Number.isInteger(bits) || bits < 0 || bits > family * 8) return undefined
  return { bytes, family, prefix: bits }
}

/** Labelled CIDR blocks, asked which of them hold an address. At most 31 labels. */
export class AddressRanges {
  private readonly labels = new Map<string, number>()
  // Node n's children and the labels of the blocks ending at it; node 0 is IPv4's root, 1 IPv6's.
  private zero: Int32Array
  private one: Int32Array
  private marks: Int32Array

  /** Throws naming the first block that is not one. */
  constructor(blocks: Iterable<readonly [label: string, block: string]>) {
    const zero = [0, 0]
    const one = [0, 0]
    const marks = [0, 0]
    for (const [label, text] of blocks) {
      const block = parseBlock(text)
      if (!block) throw new Error(`"${text}" is not an address block such as 203.0.113.0/24 or 2001:db8::/32.`)
      let bit = this.labels.get(label)
      if (bit === undefined) {
        if (this.labels.size === 31) throw new Error('Too many labels of address ranges.')
        this.labels.set(label, (bit = 1 << this.labels.size))
      }
      let node = block.family === 4 ? 0 : 1
      for (let i = 0; i < block.prefix; i++) {
        const children = (block.bytes[i >> 3] >> (7 - (i & 7))) & 1 ? one : zero
        if (children[node] === 0) {
          children[node] = zero.length
          zero.push(0)
          one.push(0)
          marks.push(0)
        }
        node = children[node]
      }
      marks[node] |= bit
    }
    this.zero = Int32Array.from(zero)
    this.one = Int32Array.from(one)
    this.marks = Int32Array.from(marks)
  }

  /** The bit a label's blocks set in `labelsOf` (0 for a label with no block). */
  bitOf(label: string) {
    return this.labels.get(label) ?? 0
  }

  /** The bits of every label one of whose blocks holds the address; -1 when it is no address. */
  labelsOf(address: string): number {
    const family = parseAddress(address)
    if (family === 0) return -1
    let node = family === 4 ? 0 : 1
    let found = this.marks[node]
    for (let i = 0, bits = family * 8; i < bits; i++) {
      node = (parsed[i >> 3] >> (7 - (i & 7))) & 1 ? this.one[node] : this.zero[node]
      if (node === 0) break
      found |= this.marks[node]
    }
    return found
  }
}
