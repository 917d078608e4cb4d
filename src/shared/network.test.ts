import { describe, expect, it } from 'bun:test'
import { networkOf } from './network'

describe('networkOf', () => {
  it('keeps an IPv4 address whole, also when written as IPv6', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7')
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('groups IPv6 addresses by their /64, however they are written', () => {
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(networkOf('2001:0DB8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64')
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(networkOf('::1')).toBe('0:0:0:0::/64')
  })
})
