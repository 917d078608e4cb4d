import { describe, expect, it } from 'bun:test'
import { utmOf, withoutTracking, withUtm } from './tracking'

describe('withoutTracking', () => {
  it('drops campaign and click-id parameters and the fragment, and keeps the rest as written', () => {
    expect(withoutTracking('https://app.example/shoe?utm_source=x&UTM_Medium=y&fbclid=1&gclid=2#reviews')).toBe('https://app.example/shoe')
    expect(withoutTracking('https://app.example/shoe?size=42&utm_campaign=spring&colour=red')).toBe('https://app.example/shoe?size=42&colour=red')
    expect(withoutTracking('https://app.example/search?q=a%20b&ref=home')).toBe('https://app.example/search?q=a%20b&ref=home')
  })

  it('refuses what is not a URL', () => {
    expect(() => withoutTracking('not a url')).toThrow()
  })
})

describe('the UTM builder', () => {
  it('reads the campaign parameters of a target, and nothing of what is no URL yet', () => {
    expect(utmOf('https://shop.example/shoe?utm_source=news&utm_campaign=spring%20sale&size=9')).toEqual({ source: 'news', medium: '', campaign: 'spring sale', term: '', content: '' })
    expect(utmOf('shop.example/shoe')).toBeNull()
  })

  it('sets and removes one parameter, keeping the others, the order and the fragment', () => {
    const target = 'https://shop.example/shoe?size=9#reviews'
    const set = withUtm(target, 'medium', 'email')
    expect(set).toBe('https://shop.example/shoe?size=9&utm_medium=email#reviews')
    expect(withUtm(withUtm(set, 'campaign', 'spring sale '), 'medium', '')).toBe('https://shop.example/shoe?size=9&utm_campaign=spring+sale+#reviews')
    expect(utmOf(withUtm(target, 'term', 'a&b=c'))?.term).toBe('a&b=c')
  })
})
