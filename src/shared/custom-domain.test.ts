import { describe, expect, it } from 'bun:test'
import { CUSTOM_DOMAIN_MESSAGES as M, hostnameFromPasted, isDomainLive, normalizeHostname } from './custom-domain'

describe('normalizeHostname', () => {
  it.each([
    ['links.example.com', 'links.example.com'],
    ['  GO.Example.COM.  ', 'go.example.com'],
    ['bücher.example.de', 'xn--bcher-kva.example.de'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
    // Full-width letters and upper case are the same name.
    ['ＬＩＮＫＳ.Example.com', 'links.example.com'],
    ['пример.рф', 'xn--e1afmkfd.xn--p1ai'],
    ['links.ΕΛΛΑΔΑ.gr', 'links.xn--mxaaic4aa.gr'],
  ])('accepts %p as %p', (input, hostname) => {
    expect(normalizeHostname(input)).toEqual({ hostname })
  })

  it.each([
    ['', M.required],
    ['http://links.example.com', M.hostnameOnly],
    ['links.example.com?x=1', M.hostnameOnly],
    ['user@links.example.com', M.hostnameOnly],
    ['links example.com', M.hostnameOnly],
    ['10.0.0.1', M.ipAddress],
    ['0x7f.1', M.ipAddress],
    ['[::1]', M.ipAddress],
    ['fe80::1', M.ipAddress],
    ['intranet', M.invalid],
    ['links.example.123', M.invalid],
    ['printer.local', M.invalid],
    [`${'a'.repeat(64)}.example.com`, M.invalid],
    [`${'abcdefghi.'.repeat(26)}com`, M.invalid],
    // A Cyrillic а among Latin letters: a look-alike of example.com.
    ['links.exаmple.com', M.mixedScripts],
    ['pаypal.com', M.mixedScripts],
    ['links.exαmple.com', M.mixedScripts],
  ])('refuses %p', (input, error) => {
    expect(normalizeHostname(input)).toEqual({ error })
  })
})

describe('hostnameFromPasted', () => {
  it('cuts a pasted address to its host name, as written', () => {
    expect(hostnameFromPasted('https://Go.Example.com:443/path?q=1#top')).toBe('Go.Example.com')
    expect(hostnameFromPasted('  http://user:pw@links.example.com/  ')).toBe('links.example.com')
    expect(hostnameFromPasted('links.example.com/')).toBe('links.example.com')
    expect(hostnameFromPasted('links.example.com')).toBe('links.example.com')
    // Only cut: what is left is still checked as typed.
    expect(normalizeHostname(hostnameFromPasted('https://раураl.com/')).error).toBe(M.mixedScripts)
  })
})

describe('isDomainLive', () => {
  it('needs both DNS and certificate active', () => {
    expect(isDomainLive({ status: 'active', sslStatus: 'active' })).toBe(true)
    expect(isDomainLive({ status: 'active', sslStatus: 'pending' })).toBe(false)
    expect(isDomainLive({ status: 'pending', sslStatus: 'active' })).toBe(false)
  })
})
