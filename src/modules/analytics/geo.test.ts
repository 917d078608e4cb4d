import { describe, expect, it } from 'bun:test'
import { countryFromHeader, countryFromIp, countryOf } from './geo'

describe('country of a visitor', () => {
  it('looks public IPv4 addresses up in the offline table, also when written as IPv4-mapped IPv6', () => {
    expect(countryFromIp('8.8.8.8')).toBe('US')
    expect(countryFromIp('81.2.69.142')).toBe('GB')
    expect(countryFromIp('::ffff:81.2.69.142')).toBe('GB')
  })

  it('knows no country for private, loopback, IPv6 or malformed addresses', () => {
    for (const ip of ['10.1.2.3', '192.168.0.1', '127.0.0.1', '2001:db8::1', '::1', '999.1.1.1', 'unknown', '', null]) expect({ ip, country: countryFromIp(ip) }).toEqual({ ip, country: null })
  })

  it("takes a trusted proxy's header before the table, upper-cased, and ignores unknown or invalid codes", () => {
    expect(countryOf('8.8.8.8', 'de')).toBe('DE')
    expect(countryOf('8.8.8.8', 'XX')).toBe('US')
    expect(countryOf('8.8.8.8', 'T1')).toBe('US')
    expect(countryOf(null, 'Germany')).toBeNull()
    expect(countryFromHeader(' fr ')).toBe('FR')
    expect(countryFromHeader(null)).toBeNull()
  })
})
