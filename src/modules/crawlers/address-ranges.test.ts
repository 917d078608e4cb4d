import { describe, expect, it } from 'bun:test'
import { AddressRanges, parseAddress, parseBlock } from './address-ranges'

const ranges = new AddressRanges([
  ['meta', '157.240.0.0/16'],
  ['meta', '2a03:2880::/32'],
  ['telegram', '91.108.4.0/22'],
  ['one', '198.51.100.7'],
  ['mapped', '::ffff:203.0.113.0/120'],
  ['all-v6', '::/0'],
])
const bits = (...labels: string[]) => labels.reduce((sum, label) => sum | ranges.bitOf(label), 0)

describe('address ranges', () => {
  it('find an IPv4 address in its blocks, at their edges and not past them', () => {
    expect(ranges.labelsOf('157.240.0.0')).toBe(bits('meta'))
    expect(ranges.labelsOf('157.240.255.255')).toBe(bits('meta'))
    expect(ranges.labelsOf('157.241.0.1')).toBe(0)
    expect(ranges.labelsOf('91.108.7.200')).toBe(bits('telegram'))
    expect(ranges.labelsOf('91.108.8.1')).toBe(0)
    expect(ranges.labelsOf('198.51.100.7')).toBe(bits('one'))
    expect(ranges.labelsOf('198.51.100.8')).toBe(0)
  })

  it('find an IPv6 address, however it is written, and every label holding it', () => {
    expect(ranges.labelsOf('2a03:2880:f12f:83:face:b00c:0:25de')).toBe(bits('meta', 'all-v6'))
    expect(ranges.labelsOf('2A03:2880::1')).toBe(bits('meta', 'all-v6'))
    expect(ranges.labelsOf('2a03:2881::1')).toBe(bits('all-v6'))
    expect(ranges.labelsOf('fe80::1%eth0')).toBe(bits('all-v6'))
  })

  it('read an IPv4-mapped IPv6 address as its IPv4 address, in addresses and in blocks', () => {
    expect(ranges.labelsOf('::ffff:157.240.1.2')).toBe(bits('meta'))
    expect(ranges.labelsOf('::ffff:9df0:102')).toBe(bits('meta'))
    expect(ranges.labelsOf('203.0.113.9')).toBe(bits('mapped'))
    expect(ranges.labelsOf('::ffff:203.0.113.9')).toBe(bits('mapped'))
  })

  it('tell what is no address', () => {
    for (const text of ['unknown', '', '1.2.3', '1.2.3.4.5', '256.1.1.1', '1::2::3', ':1', '1:', '12345::', 'g::1', '1.2.3.4:80'])
      expect(ranges.labelsOf(text)).toBe(-1)
    expect(parseAddress('::')).toBe(16)
    expect(parseAddress('1:2:3:4:5:6:7:8')).toBe(16)
    expect(parseAddress('1:2:3:4:5:6:7:8:9')).toBe(0)
    expect(parseAddress('64:ff9b::192.0.2.33')).toBe(16)
  })

  it('read blocks and refuse what is not one', () => {
    expect(parseBlock('10.0.0.0/8')).toMatchObject({ family: 4, prefix: 8 })
    expect(parseBlock('2001:db8::/32')).toMatchObject({ family: 16, prefix: 32 })
    expect(parseBlock('::ffff:10.0.0.0/104')).toMatchObject({ family: 4, prefix: 8 })
    for (const text of ['10.0.0.0/33', '2001:db8::/129', 'example.com/8', '10.0.0.0/x', '::ffff:10.0.0.0/64']) expect(parseBlock(text)).toBeUndefined()
    expect(() => new AddressRanges([['x', '10.0.0.0/33']])).toThrow('"10.0.0.0/33" is not an address block')
  })
})
