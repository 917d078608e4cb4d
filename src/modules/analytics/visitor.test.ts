import { describe, expect, it } from 'bun:test'
import { BROWSER_UA } from '../../../tests/helpers/user-agents'
import { visitorHash } from './visitor'

describe('visitor hash', () => {
  const ip = '203.0.113.7'
  const ua = BROWSER_UA.chromeWindows

  it('is the same for one address and browser all day', () => {
    expect(visitorHash(ip, ua, '2026-03-01')).toBe(visitorHash(ip, ua, '2026-03-01')!)
  })

  it('rotates with the UTC day', () => {
    expect(visitorHash(ip, ua, '2026-03-02')).not.toBe(visitorHash(ip, ua, '2026-03-01')!)
  })

  it('differs by address and by browser', () => {
    const base = visitorHash(ip, ua, '2026-03-01')
    expect(visitorHash('203.0.113.8', ua, '2026-03-01')).not.toBe(base!)
    expect(visitorHash(ip, BROWSER_UA.firefoxLinux, '2026-03-01')).not.toBe(base!)
  })

  it('is a short opaque token that never contains the address', () => {
    const hash = visitorHash(ip, ua, '2026-03-01')!
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(hash).not.toContain('203')
  })

  it('is absent when the address is unknown', () => {
    expect(visitorHash(null, ua, '2026-03-01')).toBeNull()
  })
})
