import { describe, expect, it } from 'bun:test'
import { LINK_MESSAGES } from '../../../src/shared/link-rules'
import type { Link } from './api'
import {
  EMPTY_LINK_FORM,
  formErrors,
  formerAliasesToSend,
  formFromLink,
  isoFromLocalInput,
  localInputFromIso,
  mergeMetadata,
  metadataUrlError,
  previewDomain,
  toLinkChanges,
  toLinkInput,
  type LinkFormValues,
} from './link-form-values'

const filled = (overrides: Partial<LinkFormValues> = {}): LinkFormValues => ({
  ...EMPTY_LINK_FORM,
  targetUrl: 'https://example.com/page',
  title: 'Title',
  ...overrides,
})

describe('payloads', () => {
  it('leaves an empty alias out of a new link and sends blank optional fields as null', () => {
    const input = toLinkInput(filled({ alias: '  ', description: ' ', title: '  Title  ' }))
    expect('alias' in input).toBe(false)
    expect(input).toEqual({
      targetUrl: 'https://example.com/page',
      title: 'Title',
      description: null,
      domain: null,
      appLink: false,
      ogImage: null,
      ogImageAlt: null,
      twitterCard: 'summary_large_image',
      twitterPlayer: null,
      twitterApp: null,
      themeColor: null,
      platformCards: null,
      cardImage: null,
      canonicalUrl: null,
      expiresAt: null,
      fallbackUrl: null,
      iosUrl: null,
      androidUrl: null,
      geoTargets: null,
      variants: null,
      cardVariant: null,
      forwardQuery: true,
      clickLimit: null,
      tags: [],
    })
    expect(toLinkInput(filled({ alias: ' my-alias ' })).alias).toBe('my-alias')
  })

  it('sends a removed alias as null when editing, so the link goes back to its slug', () => {
    expect(toLinkChanges(filled({ alias: '' })).alias).toBeNull()
    expect(toLinkChanges(filled({ alias: 'kept' })).alias).toBe('kept')
  })

  it('adds https:// to a target URL typed without a scheme', () => {
    expect(toLinkInput(filled({ targetUrl: 'example.com/x' })).targetUrl).toBe('https://example.com/x')
    expect(toLinkInput(filled({ targetUrl: 'http://example.com/x' })).targetUrl).toBe('http://example.com/x')
  })

  it('turns the local expiry into an ISO instant and back', () => {
    const local = '2030-01-02T03:04'
    const iso = isoFromLocalInput(local)!
    expect(new Date(iso).getTime()).toBe(new Date(2030, 0, 2, 3, 4).getTime())
    expect(localInputFromIso(iso)).toBe(local)
    expect(toLinkInput(filled({ expiresAt: local })).expiresAt).toBe(iso)
    expect(isoFromLocalInput('')).toBeNull()
    expect(localInputFromIso(null)).toBe('')
  })

  it('fills the edit form from a saved link', () => {
    const link = {
      targetUrl: 'https://example.com',
      title: 'T',
      description: null,
      alias: 'al',
      ogImage: 'https://example.com/i.png',
      ogImageAlt: null,
      twitterCard: 'summary',
      canonicalUrl: null,
      expiresAt: null,
      fallbackUrl: null,
      iosUrl: null,
      androidUrl: null,
      geoTargets: null,
      forwardQuery: false,
      appLink: false,
      domain: 'go.example.com',
      clickLimit: null,
      tags: [] as string[],
      hasPassword: false,
      isActive: false,
    } as Link
    expect(formFromLink(link)).toEqual({
      ...EMPTY_LINK_FORM,
      targetUrl: 'https://example.com',
      title: 'T',
      alias: 'al',
      ogImage: 'https://example.com/i.png',
      twitterCard: 'summary',
      forwardQuery: false,
      domain: 'go.example.com',
      isActive: false,
    })
    expect(toLinkChanges(formFromLink(link))).toMatchObject({ isActive: false, forwardQuery: false, domain: 'go.example.com', appLink: false })
  })
})

describe('ending a link', () => {
  it('sends the click limit as a number and the fallback with https:// added, and reads them back', () => {
    const input = toLinkInput(filled({ clickLimit: ' 250 ', fallbackUrl: 'example.com/ended' }))
    expect(input).toMatchObject({ clickLimit: 250, fallbackUrl: 'https://example.com/ended' })
    expect(formFromLink({ ...input, clickLimit: 250 } as Link)).toMatchObject({ clickLimit: '250', fallbackUrl: 'https://example.com/ended' })
  })

  it('refuses a click limit that is no whole number from 1 up, and a fallback of another scheme', () => {
    for (const clickLimit of ['0', '-3', '2.5', 'many', '1000000001']) expect(formErrors(filled({ clickLimit })).clickLimit).toBe(LINK_MESSAGES.clickLimit)
    expect(formErrors(filled({ fallbackUrl: 'ftp://files.example.com/' })).fallbackUrl).toBe(LINK_MESSAGES.invalidFallbackUrl)
    expect(formErrors(filled({ clickLimit: '1', fallbackUrl: 'https://example.com/' }))).toEqual({})
  })
})

describe('a password', () => {
  it('is sent when typed, kept when left empty on a link that has one, and removed when no longer asked for', () => {
    expect(toLinkInput(filled({ asksPassword: true, password: 'a secret' })).password).toBe('a secret')
    expect('password' in toLinkInput(filled({ asksPassword: false, password: 'a secret' }))).toBe(false)
    const saved = filled({ asksPassword: true })
    expect('password' in toLinkChanges(saved, saved)).toBe(false)
    expect(toLinkChanges({ ...saved, password: 'new one' }, saved).password).toBe('new one')
    expect(toLinkChanges({ ...saved, asksPassword: false }, saved).password).toBeNull()
  })

  it('must be typed for a link that has none yet, within its length', () => {
    expect(formErrors(filled({ asksPassword: true })).password).toBe(LINK_MESSAGES.passwordNeeded)
    expect(formErrors(filled({ asksPassword: true }), filled({ asksPassword: true })).password).toBeUndefined()
    expect(formErrors(filled({ asksPassword: true, password: 'abc' })).password).toBe(LINK_MESSAGES.password)
  })
})

describe('formErrors', () => {
  it('requires the target URL and title with the product message', () => {
    expect(formErrors(EMPTY_LINK_FORM)).toEqual({ targetUrl: LINK_MESSAGES.requiredFields, title: LINK_MESSAGES.requiredFields })
    expect(formErrors(filled({ title: '   ' }))).toEqual({ title: LINK_MESSAGES.requiredFields })
    expect(formErrors(filled())).toEqual({})
  })

  it('refuses a target with another scheme instead of putting https:// in front of it', () => {
    for (const targetUrl of ['ftp://files.example.com/a', 'mailto:ann@example.com', 'javascript:alert(1)'])
      expect(formErrors(filled({ targetUrl })).targetUrl).toBe(LINK_MESSAGES.invalidTargetUrl)
    expect(formErrors(filled({ targetUrl: 'example.com:8080/x' })).targetUrl).toBeUndefined()
  })

  it('checks a given alias with the shared rules', () => {
    expect(formErrors(filled({ alias: 'ab' })).alias).toBe(LINK_MESSAGES.aliasTooShort)
    expect(formErrors(filled({ alias: 'a'.repeat(51) })).alias).toBe(LINK_MESSAGES.aliasTooLong)
    expect(formErrors(filled({ alias: '-abc' })).alias).toBe(LINK_MESSAGES.aliasCharacters)
    expect(formErrors(filled({ alias: 'Dashboard' })).alias).toBe(LINK_MESSAGES.aliasReserved)
    expect(formErrors(filled({ alias: 'good_alias-1' })).alias).toBeUndefined()
  })
})

describe('fetch metadata', () => {
  it('needs a URL starting with http:// or https://', () => {
    expect(metadataUrlError('')).toBe(LINK_MESSAGES.metadataUrlMissing)
    expect(metadataUrlError('example.com')).toBe(LINK_MESSAGES.metadataUrlInvalid)
    expect(metadataUrlError('ftp://example.com')).toBe(LINK_MESSAGES.metadataUrlInvalid)
    expect(metadataUrlError('https://example.com')).toBeUndefined()
  })

  it('fills only the empty fields and says which', () => {
    const metadata = { title: 'Page title', description: 'Page description', ogImage: 'https://example.com/og.png', ogImageAlt: null }
    const merged = mergeMetadata(filled({ title: 'Mine', description: '' }), metadata)
    expect(merged.values.title).toBe('Mine')
    expect(merged.values.description).toBe('Page description')
    expect(merged.values.ogImage).toBe('https://example.com/og.png')
    expect(merged.values.ogImageAlt).toBe('')
    expect(merged.filled).toEqual(['description', 'ogImage'])
  })

  it('reports nothing filled when the page offers nothing new', () => {
    const merged = mergeMetadata(filled({ title: 'Mine' }), { title: 'Other', description: null, ogImage: null, ogImageAlt: '  ' })
    expect(merged.filled).toEqual([])
    expect(merged.values.title).toBe('Mine')
  })
})

it('names the domain of the target in the preview', () => {
  expect(previewDomain('https://www.example.com/a?b')).toBe('example.com')
  expect(previewDomain('blog.example.org')).toBe('blog.example.org')
  expect(previewDomain('')).toBe('')
})

describe('the expiry', () => {
  const now = new Date(2030, 0, 1, 12, 0).getTime()

  it('is refused when unreadable or past, with the server messages', () => {
    expect(formErrors(filled({ expiresAt: '2030-02-30T10:00' }), undefined, now).expiresAt).toBe(LINK_MESSAGES.invalidExpiry)
    expect(formErrors(filled({ expiresAt: '99999' }), undefined, now).expiresAt).toBe(LINK_MESSAGES.invalidExpiry)
    expect(formErrors(filled({ expiresAt: '2029-12-31T10:00' }), undefined, now).expiresAt).toBe(LINK_MESSAGES.pastExpiry)
    expect(formErrors(filled({ expiresAt: '2030-01-02T10:00' }), undefined, now).expiresAt).toBeUndefined()
  })

  it('is sent as an RFC 3339 instant in UTC', () => {
    expect(toLinkInput(filled({ expiresAt: '2030-01-02T03:04' })).expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })

  it('is neither checked nor sent again when an edit leaves it as it was, even once past', () => {
    const initial = filled({ expiresAt: '2029-06-01T10:00' })
    expect(formErrors(initial, initial, now).expiresAt).toBeUndefined()
    expect('expiresAt' in toLinkChanges(filled({ ...initial, title: 'New' }), initial)).toBe(false)
    expect(toLinkChanges(filled({ ...initial, expiresAt: '' }), initial).expiresAt).toBeNull()
  })
})

describe('old aliases sent with an edit', () => {
  const link = { alias: 'spring', domain: null, formerAliases: ['winter'] }
  const typed = (alias: string, domain = '') => ({ alias, domain })
  it('adds the saved alias when it changes and is kept', () => {
    expect(formerAliasesToSend(link, ['winter'], typed('summer'), true)).toEqual(['winter', 'spring'])
    expect(formerAliasesToSend(link, ['winter'], typed(''), true)).toEqual(['winter', 'spring'])
  })
  it('adds the saved alias with its domain when the link moves to another domain', () => {
    const onDomain = { alias: 'spring', domain: 'go.example.com', formerAliases: [] }
    expect(formerAliasesToSend(onDomain, [], typed('spring', 'shop.example.com'), true)).toEqual(['go.example.com/spring'])
    expect(formerAliasesToSend(link, [], typed('spring', 'shop.example.com'), true)).toEqual(['spring'])
    expect(formerAliasesToSend(onDomain, [], typed('SPRING', 'go.example.com'), true)).toBeUndefined()
  })
  it('sends nothing when neither the alias nor the kept ones change', () => {
    expect(formerAliasesToSend(link, ['winter'], typed('summer'), false)).toBeUndefined()
    expect(formerAliasesToSend(link, ['winter'], typed('SPRING'), true)).toBeUndefined()
    expect(formerAliasesToSend({ alias: null, domain: null, formerAliases: [] }, [], typed('new'), true)).toBeUndefined()
  })
  it('sends what is left when one is removed', () => {
    expect(formerAliasesToSend(link, [], typed('spring'), true)).toEqual([])
    expect(formerAliasesToSend(link, [], typed('summer'), true)).toEqual(['spring'])
  })
})

describe('device and country targets', () => {
  it('sends the URLs with https:// added and the country rows as a map, empty rows dropped, and reads them back', () => {
    const input = toLinkInput(
      filled({ iosUrl: 'apps.apple.com/app/id1', geoTargets: [{ country: 'FR', url: 'example.fr' }, { country: '', url: ' ' }, { country: 'JP', url: 'https://example.jp/' }] }),
    )
    expect(input).toMatchObject({ iosUrl: 'https://apps.apple.com/app/id1', androidUrl: null, geoTargets: { FR: 'https://example.fr', JP: 'https://example.jp/' } })
    expect(toLinkInput(filled({ geoTargets: [{ country: '', url: '' }] })).geoTargets).toBeNull()
    expect(formFromLink({ ...input, iosUrl: 'https://apps.apple.com/app/id1' } as Link)).toMatchObject({
      iosUrl: 'https://apps.apple.com/app/id1',
      androidUrl: '',
      geoTargets: [{ country: 'FR', url: 'https://example.fr' }, { country: 'JP', url: 'https://example.jp/' }],
    })
  })

  it("refuses URLs of another scheme, a row without a country, a country twice, and names a country's URL by its code", () => {
    expect(formErrors(filled({ iosUrl: 'ftp://x.example/' })).iosUrl).toBe(LINK_MESSAGES.invalidIosUrl)
    expect(formErrors(filled({ androidUrl: 'mailto:a@example.com' })).androidUrl).toBe(LINK_MESSAGES.invalidAndroidUrl)
    expect(formErrors(filled({ geoTargets: [{ country: '', url: 'https://example.fr/' }] })).geoTargets).toBe(LINK_MESSAGES.geoTargetCountry)
    const twice = [{ country: 'FR', url: 'https://example.fr/' }, { country: 'FR', url: 'https://example.fr/2' }]
    expect(formErrors(filled({ geoTargets: twice })).geoTargets).toBe(LINK_MESSAGES.geoTargetRepeated)
    expect(formErrors(filled({ geoTargets: [{ country: 'DE', url: '' }] }))).toEqual({ 'geoTargets.DE': LINK_MESSAGES.invalidGeoTargetUrl })
    expect(formErrors(filled({ iosUrl: 'https://apps.apple.com/', geoTargets: [{ country: 'DE', url: 'example.de' }] }))).toEqual({})
  })
})

describe('split test', () => {
  it('sends the rows with https:// added and whole weights, empty rows dropped, and reads them back', () => {
    const input = toLinkInput(filled({ variants: [{ url: 'example.com/a', weight: '3' }, { url: '', weight: '' }, { url: 'https://example.com/b', weight: '1' }] }))
    expect(input.variants).toEqual([
      { targetUrl: 'https://example.com/a', weight: 3 },
      { targetUrl: 'https://example.com/b', weight: 1 },
    ])
    expect(toLinkChanges(filled({ variants: [{ url: ' ', weight: '' }] })).variants).toBeNull()
    expect(formFromLink({ ...input, variants: input.variants } as Link).variants).toEqual([
      { url: 'https://example.com/a', weight: '3' },
      { url: 'https://example.com/b', weight: '1' },
    ])
  })

  it('refuses one target alone, a bad URL or weight, and a target twice, naming the row', () => {
    expect(formErrors(filled({ variants: [{ url: 'https://example.com/a', weight: '1' }] })).variants).toBe(LINK_MESSAGES.variants)
    expect(formErrors(filled({ variants: [{ url: 'ftp://example.com/a', weight: '1' }, { url: 'https://example.com/b', weight: '0' }] }))).toEqual({
      'variants.0.targetUrl': LINK_MESSAGES.invalidVariantUrl,
      'variants.1.weight': LINK_MESSAGES.variantWeight,
    })
    expect(formErrors(filled({ variants: [{ url: 'https://example.com/a', weight: '1' }, { url: 'example.com/a/', weight: '2.5' }] }))).toEqual({
      'variants.1.targetUrl': LINK_MESSAGES.variantRepeated,
      'variants.1.weight': LINK_MESSAGES.variantWeight,
    })
    expect(formErrors(filled({ variants: [{ url: 'https://example.com/a', weight: '1' }, { url: 'example.com/b', weight: '1000' }] }))).toEqual({})
  })
})

describe('card test', () => {
  it('sends the second card with its blanks as null, none when all is empty, and reads it back', () => {
    const input = toLinkInput(filled({ cardVariantTitle: ' Second ', cardVariantDescription: ' ', cardVariantImage: 'example.com/b.png' }))
    expect(input.cardVariant).toEqual({ title: 'Second', description: null, ogImage: 'https://example.com/b.png' })
    expect(toLinkChanges(filled({ cardVariantTitle: ' ' })).cardVariant).toBeNull()
    expect(formFromLink({ ...input } as Link)).toMatchObject({ cardVariantTitle: 'Second', cardVariantDescription: '', cardVariantImage: 'https://example.com/b.png' })
  })

  it('asks for the title once any field is filled, and refuses an image of another scheme', () => {
    expect(formErrors(filled({ cardVariantDescription: 'Only words' }))).toEqual({ cardVariantTitle: LINK_MESSAGES.cardVariantTitle })
    expect(formErrors(filled({ cardVariantTitle: 'B', cardVariantImage: 'ftp://example.com/b.png' }))).toEqual({ cardVariantImage: LINK_MESSAGES.invalidCardVariantImage })
  })
})
