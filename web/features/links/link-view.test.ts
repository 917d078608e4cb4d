import { describe, expect, it } from 'bun:test'
import { linkPagePath, type CustomDomainStatus, type Link } from './api'
import { customDomainUrl, linkStatus } from './link-view'

const NOW = Date.parse('2025-06-15T12:00:00Z')

function link(overrides: Partial<Link> = {}): Link {
  return {
    id: 'id-1',
    slug: 'Ab3dE5f',
    alias: null,
    domain: null,
    appLink: false,
    formerAliases: [],
    tags: [],
    url: 'http://localhost:3000/Ab3dE5f',
    qrCodeUrl: 'http://localhost:3000/api/qr/Ab3dE5f',
    targetUrl: 'https://example.com/page',
    title: 'A title',
    description: null,
    ogImage: null,
    ogImageAlt: null,
    twitterCard: 'summary_large_image',
    twitterPlayer: null,
    twitterApp: null,
    themeColor: null,
    platformCards: null,
    cardVariant: null,
    cardImage: null,
    cardImageUrl: null,
    cardVersion: 1,
    canonicalUrl: null,
    expiresAt: null,
    fallbackUrl: null,
    iosUrl: null,
    androidUrl: null,
    geoTargets: null,
    variants: null,
    forwardQuery: true,
    clickLimit: null,
    hasPassword: false,
    isActive: true,
    importedFrom: null,
    health: { status: 'unknown', reason: null, checkedAt: null, finalUrl: null },
    createdAt: '2025-06-01T10:00:00.000Z',
    updatedAt: '2025-06-01T10:00:00.000Z',
    ...overrides,
  }
}

const domain = (overrides: Partial<CustomDomainStatus> = {}): CustomDomainStatus => ({
  hasCustomDomain: true,
  hostname: 'go.example.org',
  status: 'active',
  sslStatus: 'active',
  verificationErrors: null,
  ownershipVerification: null,
  cnameRecord: null,
  lastCheckedAt: null,
  ...overrides,
})

describe('linkStatus', () => {
  it('is active for an active link without expiry or with a future one', () => {
    expect(linkStatus(link(), NOW)).toBe('active')
    expect(linkStatus(link({ expiresAt: '2025-06-15T12:00:01Z' }), NOW)).toBe('active')
  })

  it('is expired once the expiry has passed', () => {
    expect(linkStatus(link({ expiresAt: '2025-06-15T12:00:00Z' }), NOW)).toBe('expired')
    expect(linkStatus(link({ expiresAt: '2024-01-01T00:00:00Z' }), NOW)).toBe('expired')
  })

  it('is inactive when switched off, even if also expired', () => {
    expect(linkStatus(link({ isActive: false }), NOW)).toBe('inactive')
    expect(linkStatus(link({ isActive: false, expiresAt: '2024-01-01T00:00:00Z' }), NOW)).toBe('inactive')
  })
})

describe('customDomainUrl', () => {
  it('uses the alias, else the slug, on a live domain', () => {
    expect(customDomainUrl(domain(), link({ alias: 'spring-sale' }))).toBe('https://go.example.org/spring-sale')
    expect(customDomainUrl(domain(), link())).toBe('https://go.example.org/Ab3dE5f')
    // A link on a domain of its own has its address there already.
    expect(customDomainUrl(domain(), link({ alias: 'spring-sale', domain: 'shop.example.org' }))).toBeNull()
  })

  it('is null until both DNS and the certificate are active, and without a domain', () => {
    expect(customDomainUrl(domain({ sslStatus: 'pending' }), link())).toBeNull()
    expect(customDomainUrl(domain({ status: 'pending' }), link())).toBeNull()
    expect(customDomainUrl(domain({ hasCustomDomain: false, hostname: null, status: null, sslStatus: null }), link())).toBeNull()
    expect(customDomainUrl(undefined, link())).toBeNull()
  })
})

describe('linkPagePath', () => {
  it('sends only what differs from the server defaults, so equal lists share one cache entry', () => {
    expect(linkPagePath({})).toBe('/shareLinks')
    expect(linkPagePath({ page: 1, status: 'all', search: '  ', sort: 'newest' })).toBe('/shareLinks')
    expect(linkPagePath({ sort: 'clicks' })).toBe('/shareLinks?sort=clicks')
    expect(linkPagePath({ limit: 3 })).toBe('/shareLinks?limit=3')
    expect(linkPagePath({ period: '30days', search: ' a&b ', status: 'inactive', limit: 20, page: 3 })).toBe(
      '/shareLinks?period=30days&search=a%26b&status=inactive&limit=20&page=3',
    )
  })
})
