import { describe, expect, it } from 'bun:test'
import { QR_MESSAGES } from '../../../src/shared/qr-design'
import { DEFAULT_QR_DESIGN, qrDesignProblems, qrImageUrl } from './qr-design-values'

const base = 'https://lnk.example/api/qr/abc'

describe('the QR dialog options', () => {
  it('keep the plain address for the defaults and name only what differs', () => {
    expect(qrImageUrl(base, DEFAULT_QR_DESIGN, 'png')).toBe(base)
    const styled = new URL(qrImageUrl(base, { ...DEFAULT_QR_DESIGN, foreground: '1E3A8A', isTransparent: true, margin: '4', size: '1024' }, 'svg'))
    expect(Object.fromEntries(styled.searchParams)).toEqual({ format: 'svg', foreground: '#1e3a8a', background: 'transparent', margin: '4', size: '1024' })
  })

  it('leave error correction to the server when there is a logo', () => {
    const url = new URL(qrImageUrl(base, { ...DEFAULT_QR_DESIGN, errorCorrection: 'L', logo: ' https://cdn.example/logo.png ' }, 'png'))
    expect(Object.fromEntries(url.searchParams)).toEqual({ logo: 'https://cdn.example/logo.png' })
  })

  it('are refused in the server’s words', () => {
    expect(qrDesignProblems(DEFAULT_QR_DESIGN)).toEqual({})
    expect(qrDesignProblems({ ...DEFAULT_QR_DESIGN, foreground: 'red', margin: '17', size: '100', logo: 'http://x.example/a.png' })).toEqual({
      foreground: QR_MESSAGES.foreground,
      margin: QR_MESSAGES.margin,
      size: QR_MESSAGES.size,
      logo: QR_MESSAGES.logo,
    })
    expect(qrDesignProblems({ ...DEFAULT_QR_DESIGN, foreground: '#eeeeee', isTransparent: true }).background).toContain('contrast')
  })
})
