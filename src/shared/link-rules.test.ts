import { describe, expect, it } from 'bun:test'
import { aliasError, expiryError, isHttpUrl, isShortLinkPath, LINK_MESSAGES, normalizedHttpUrl, normalizeTargetUrl, parseInstant, URL_MAX, withHttpsPrefix } from './link-rules'

describe('aliasError', () => {
  it.each([
    ['ab', LINK_MESSAGES.aliasTooShort],
    ['a'.repeat(51), LINK_MESSAGES.aliasTooLong],
    ['-start', LINK_MESSAGES.aliasCharacters],
    ['end_', LINK_MESSAGES.aliasCharacters],
    ['has space', LINK_MESSAGES.aliasCharacters],
    ['ünï', LINK_MESSAGES.aliasCharacters],
    ['Admin', LINK_MESSAGES.aliasReserved],
    ['DOCS', LINK_MESSAGES.aliasReserved],
    ['share-links', LINK_MESSAGES.aliasReserved],
    ['assets', LINK_MESSAGES.aliasReserved],
  ])('refuses %p', (alias, message) => {
    expect(aliasError(alias)).toBe(message)
  })

  it.each(['abc', 'my-launch_2026', 'A1B', 'a'.repeat(50), 'x-y'])('accepts %p', (alias) => {
    expect(aliasError(alias)).toBeUndefined()
  })
})

describe('URLs', () => {
  it('accepts only absolute http(s) URLs', () => {
    expect(isHttpUrl('https://example.com/a')).toBe(true)
    expect(isHttpUrl('http://localhost:8080')).toBe(true)
    for (const bad of ['javascript:alert(1)', 'ftp://example.com', 'example.com', 'https://', 'data:text/html,hi', ''])
      expect(isHttpUrl(bad)).toBe(false)
  })

  it('prepends https:// when the scheme is missing', () => {
    expect(withHttpsPrefix('example.com/x')).toBe('https://example.com/x')
    expect(withHttpsPrefix('http://example.com')).toBe('http://example.com')
    expect(withHttpsPrefix('HTTPS://example.com')).toBe('HTTPS://example.com')
    expect(withHttpsPrefix('  ')).toBe('')
    expect(withHttpsPrefix('example.com:8080/x')).toBe('https://example.com:8080/x')
    expect(withHttpsPrefix('localhost:3000')).toBe('https://localhost:3000')
    // Another scheme stays as typed, so the form can refuse it rather than make https://ftp://…
    for (const other of ['ftp://files.example.com/a', 'mailto:ann@example.com', 'javascript:alert(1)', 'tel:+123'])
      expect(withHttpsPrefix(other)).toBe(other)
  })

  it('normalises trivially different spellings of one page to one key', () => {
    const key = normalizeTargetUrl('https://example.com/page?a=1&b=2')
    for (const spelling of ['HTTPS://Example.COM/page?b=2&a=1', 'https://example.com:443/page/?a=1&b=2#top', 'https://example.com//page?a=1&b=2'])
      expect(normalizeTargetUrl(spelling)).toBe(key)
    expect(normalizeTargetUrl('https://example.com/')).toBe('https://example.com')
    expect(normalizeTargetUrl('https://example.com/Page')).toBe('https://example.com/Page') // paths are case-sensitive
    expect(normalizeTargetUrl('http://example.com:8080/x')).toBe('http://example.com:8080/x')
  })
})

describe('normalizedHttpUrl', () => {
  it('answers the WHATWG serialisation: punycode hosts, percent-encoded paths and queries', () => {
    expect(normalizedHttpUrl('https://例え.jp/パス?q=値')).toBe('https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4')
    expect(normalizedHttpUrl('HTTPS://Example.COM:443/a b#frag')).toBe('https://example.com/a%20b#frag')
  })

  it('refuses control characters the URL parser would silently drop, and non-http(s) schemes', () => {
    for (const bad of ['https://exa\tmple.com/', 'https://example.com/a\nb', ' https://example.com/\u0000', 'javascript:alert(1)', 'https://', 'mailto:a@example.com'])
      expect(normalizedHttpUrl(bad)).toBeUndefined()
  })

  it('refuses an address whose encoded form is longer than the limit', () => {
    expect(normalizedHttpUrl(`https://example.com/${'é'.repeat(URL_MAX / 2)}`)).toBeUndefined()
  })
})

describe('parseInstant and expiryError', () => {
  it.each(['1', '99999', '2026-02-30T00:00:00Z', '2099-01-01', '2099-01-01T10:00:00', '2099-01-01T10:00Z', '2099-01-01T24:00:00Z', '+099999-01-01T00:00:00.000Z', '2099-13-01T00:00:00Z'])(
    'refuses %p',
    (value) => {
      expect(parseInstant(value)).toBeUndefined()
      expect(expiryError(value)).toBe(LINK_MESSAGES.invalidExpiry)
    },
  )

  it('reads time zones and fractions exactly', () => {
    expect(parseInstant('2099-01-01T10:00:00.5+02:00')?.toISOString()).toBe('2099-01-01T08:00:00.500Z')
    expect(parseInstant('2028-02-29T23:59:59-05:30')?.toISOString()).toBe('2028-03-01T05:29:59.000Z')
  })

  it('refuses an instant that is not in the future', () => {
    const now = Date.parse('2030-01-01T00:00:00Z')
    expect(expiryError('2030-01-01T00:00:00Z', now)).toBe(LINK_MESSAGES.pastExpiry)
    expect(expiryError('2030-01-01T00:00:01Z', now)).toBeUndefined()
  })
})

describe('isShortLinkPath', () => {
  it('is true for one segment that is no page of the product', () => {
    expect(isShortLinkPath('/abc1234')).toBe(true)
    expect(isShortLinkPath('/My-Alias')).toBe(true)
    for (const path of ['/', '/pricing', '/Docs', '/api/link', '/a/b', '/share-links']) expect(isShortLinkPath(path)).toBe(false)
  })
})
