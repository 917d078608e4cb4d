import { describe, expect, it } from 'bun:test'
import type { CustomDomainStatus, Link } from './api'
import { customDomainUrl, filterLinks, linkStatus, recentLinks } from './link-view'

const NOW = Date.parse('2025-06-15T12:00:00Z')

function link(overrides: Partial<Link> = {}): Link {
  return {
    id: 'id-1',
    slug: 'Ab3dE5f',
    alias: null,
    url: 'http://localhost:3000/Ab3dE5f',
    qrCodeUrl: 'http://localhost:3000/api/qr/Ab3dE5f',
    targetUrl: 'https://example.com/page',
    title: 'A title',
    description: null,
    ogImage: null,
    ogImageAlt: null,
    twitterCard: 'summary_large_image',
    canonicalUrl: null,
    expiresAt: null,
    isActive: true,
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

describe('filterLinks', () => {
  const links = [
    link({ id: 'a', title: 'Spring Sale', targetUrl: 'https://shop.example.com/spring', alias: 'spring-sale' }),
    link({ id: 'b', title: 'Docs', targetUrl: 'https://docs.example.com/start', slug: 'Zx9Qw2e', isActive: false }),
    link({ id: 'c', title: 'Old campaign', targetUrl: 'https://example.com/old', expiresAt: '2024-01-01T00:00:00Z' }),
  ]
  const ids = (found: Link[]) => found.map((l) => l.id)

  it('matches title, target URL, alias and slug, ignoring case and surrounding spaces', () => {
    expect(ids(filterLinks(links, { search: '  SPRING ', status: 'all' }, NOW))).toEqual(['a'])
    expect(ids(filterLinks(links, { search: 'docs.example', status: 'all' }, NOW))).toEqual(['b'])
    expect(ids(filterLinks(links, { search: 'spring-sale', status: 'all' }, NOW))).toEqual(['a'])
    expect(ids(filterLinks(links, { search: 'zx9q', status: 'all' }, NOW))).toEqual(['b'])
    expect(ids(filterLinks(links, { search: 'nothing like it', status: 'all' }, NOW))).toEqual([])
    expect(ids(filterLinks(links, { search: '', status: 'all' }, NOW))).toEqual(['a', 'b', 'c'])
  })

  it('counts an expired link as inactive, since it no longer sends anyone on', () => {
    expect(ids(filterLinks(links, { search: '', status: 'active' }, NOW))).toEqual(['a'])
    expect(ids(filterLinks(links, { search: '', status: 'inactive' }, NOW))).toEqual(['b', 'c'])
  })

  it('combines search and status', () => {
    expect(ids(filterLinks(links, { search: 'example.com', status: 'inactive' }, NOW))).toEqual(['b', 'c'])
    expect(ids(filterLinks(links, { search: 'docs', status: 'active' }, NOW))).toEqual([])
  })
})

describe('customDomainUrl', () => {
  it('uses the alias, else the slug, on a live domain', () => {
    expect(customDomainUrl(domain(), link({ alias: 'spring-sale' }))).toBe('https://go.example.org/spring-sale')
    expect(customDomainUrl(domain(), link())).toBe('https://go.example.org/Ab3dE5f')
  })

  it('is null until both DNS and the certificate are active, and without a domain', () => {
    expect(customDomainUrl(domain({ sslStatus: 'pending' }), link())).toBeNull()
    expect(customDomainUrl(domain({ status: 'pending' }), link())).toBeNull()
    expect(customDomainUrl(domain({ hasCustomDomain: false, hostname: null, status: null, sslStatus: null }), link())).toBeNull()
    expect(customDomainUrl(undefined, link())).toBeNull()
  })
})

describe('recentLinks', () => {
  it('answers the three newest, newest first', () => {
    const links = ['2025-01-02', '2025-03-01', '2025-01-01', '2025-02-01'].map((day, i) => link({ id: String(i), createdAt: `${day}T00:00:00Z` }))
    expect(recentLinks(links).map((l) => l.id)).toEqual(['1', '3', '0'])
    expect(recentLinks(links.slice(0, 1)).map((l) => l.id)).toEqual(['0'])
  })
})
