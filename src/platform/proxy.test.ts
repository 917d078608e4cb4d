import { describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, loadConfig } from './config'
import { clientOf, parseTrustProxy } from './proxy'

const hops = (value: string) => parseTrustProxy(value)!

describe('TRUST_PROXY', () => {
  it.each([
    ['', null],
    ['false', null],
    ['true', { hops: 1 }],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
  ])('reads %p', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected)
  })

  it('reads a list of networks, a bare address being a network of one', () => {
    const trust = hops('10.0.0.0/8, 172.16.0.0/12,fd00::/8,192.0.2.7')
    expect('networks' in trust && trust.networks.map(([address, bits]) => `${address}/${bits}`)).toEqual(['10.0.0.0/8', '172.16.0.0/12', 'fd00::/8', '192.0.2.7/32'])
  })

  it.each(['yes', '10.0.0.0/33', '10.0.0.0/8,nonsense', 'proxy.internal', '-1', '1.5', '99'])('refuses %p, naming the variable at start-up', (raw) => {
    expect(parseTrustProxy(raw)).toBeUndefined()
    const dataDir = mkdtempSync(join(tmpdir(), 'linkcard-config-'))
    try {
      expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: raw })).toThrow(ConfigError)
      expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: raw })).toThrow(/^TRUST_PROXY must be true, false, a number of proxy hops/)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('COUNTRY_HEADER', () => {
  it('is off unless set, and must be a header name', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'linkcard-config-'))
    try {
      expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).countryHeader).toBeUndefined()
      expect(loadConfig({ DATA_DIR: dataDir, COUNTRY_HEADER: 'CF-IPCountry' }).countryHeader).toBe('cf-ipcountry')
      expect(() => loadConfig({ DATA_DIR: dataDir, COUNTRY_HEADER: 'cf ipcountry' })).toThrow('COUNTRY_HEADER must be a header name such as cf-ipcountry, got "cf ipcountry".')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('the client of a forwarded chain', () => {
  // Oldest first; the last entry is the socket's peer.
  it('takes the address the last trusted hop saw, whatever the client wrote before it', () => {
    expect(clientOf(['6.6.6.6', '203.0.113.9', '10.0.0.2'], hops('1'))).toBe('203.0.113.9')
    expect(clientOf(['6.6.6.6', '203.0.113.9', '10.0.0.3', '10.0.0.2'], hops('2'))).toBe('203.0.113.9')
  })

  it('takes the left-most address when the chain is shorter than the hops', () => {
    expect(clientOf(['203.0.113.9', '10.0.0.2'], hops('3'))).toBe('203.0.113.9')
  })

  it('skips addresses of trusted networks from the right', () => {
    const trust = hops('10.0.0.0/8,172.16.0.0/12')
    expect(clientOf(['6.6.6.6', '203.0.113.9', '172.16.4.4', '10.0.0.2'], trust)).toBe('203.0.113.9')
    expect(clientOf(['10.1.1.1', '10.0.0.2'], trust)).toBe('10.1.1.1')
  })

  it('believes no header when the peer is not a trusted proxy', () => {
    expect(clientOf(['1.2.3.4', '198.51.100.20'], hops('10.0.0.0/8'))).toBe('198.51.100.20')
  })

  it('writes addresses one way: no port, no brackets, IPv4-mapped IPv6 as IPv4', () => {
    expect(clientOf(['203.0.113.9:5555', '10.0.0.2'], hops('1'))).toBe('203.0.113.9')
    expect(clientOf(['[2001:db8::1]:443', '10.0.0.2'], hops('1'))).toBe('2001:db8::1')
    expect(clientOf(['::ffff:203.0.113.9', '::ffff:10.0.0.2'], hops('10.0.0.0/8'))).toBe('203.0.113.9')
  })
})
