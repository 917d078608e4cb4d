import { describe, expect, it } from 'bun:test'
import { withoutTracking } from './tracking'

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
