import { describe, expect, it } from 'bun:test'
import { withVisitorQuery } from './forwarding'

describe("a visitor's query string", () => {
  it('is added to a URL without one, before its fragment', () => {
    expect(withVisitorQuery('https://example.com/page', 'utm_source=newsletter&ref=a')).toBe('https://example.com/page?utm_source=newsletter&ref=a')
    expect(withVisitorQuery('https://example.com/page#top', 'a=1')).toBe('https://example.com/page?a=1#top')
  })

  it("keeps the URL's own parameters and values, adding only names it does not have", () => {
    expect(withVisitorQuery('https://example.com/?utm_source=site&x=1', 'utm_source=evil&utm_medium=email')).toBe('https://example.com/?utm_source=site&x=1&utm_medium=email')
    // Names are compared decoded, so another spelling of a name the URL has is not added either.
    expect(withVisitorQuery('https://example.com/?a%20b=1', 'a+b=2&a%20b=3&c=4')).toBe('https://example.com/?a%20b=1&c=4')
    expect(withVisitorQuery('https://example.com/?flag', 'flag=1')).toBe('https://example.com/?flag')
  })

  it('passes parts on as written, repeated names and malformed escapes included', () => {
    expect(withVisitorQuery('https://example.com/', 'tag=a&tag=b&q=%E2%9C%93&bad=%zz')).toBe('https://example.com/?tag=a&tag=b&q=%E2%9C%93&bad=%zz')
  })

  it("leaves out the QR code's scan marker and empty parts, and the URL as it is when nothing is left", () => {
    expect(withVisitorQuery('https://example.com/p', 'qr')).toBe('https://example.com/p')
    expect(withVisitorQuery('https://example.com/p', 'qr=1&&a=1&')).toBe('https://example.com/p?a=1')
    expect(withVisitorQuery('https://example.com/p?', 'a=1')).toBe('https://example.com/p?a=1')
    expect(withVisitorQuery('https://example.com/p?x=1&', 'a=1')).toBe('https://example.com/p?x=1&a=1')
  })
})
