import { describe, expect, it } from 'bun:test'
import { aliasError, isHttpUrl, LINK_MESSAGES, normalizeTargetUrl, withHttpsPrefix } from './link-rules'

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
