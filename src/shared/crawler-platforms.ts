// How each link-preview platform's crawler is told from an impostor (CONTRACT.md, "Verified
// crawlers"): by the address ranges the platform publishes or announces, by forward-confirmed
// reverse DNS where it documents its crawlers' host names, or not at all. A platform whose preview
// is made on the sender's device, by servers nobody lists, or by any server of a federated network
// has no address of its own to check: its previews keep the allowance per client address.
// Search engines (Googlebot, Bingbot, Applebot…) get the person's redirect and count nothing, so
// nothing of theirs is checked. The ranges themselves ship in modules/crawlers/crawler-ranges.json.

export type CrawlerVerification =
  | { how: 'ranges'; source: string }
  | { how: 'reverse-dns'; hostSuffixes: readonly string[]; source: string }
  | { how: 'none'; why: 'device' | 'unpublished' | 'federated' }

/** What `verifiedBy` says of a platform in the analytics: how its previews were checked, or null when they cannot be. */
export type VerifiedBy = 'ranges' | 'reverse-dns' | null

const unpublished = { how: 'none', why: 'unpublished' } as const

/** Every platform the visitor classifier names (shared/visitors.ts); 'other' is never counted, so never checked. */
const CRAWLER_VERIFICATION: Record<string, CrawlerVerification> = {
  // Meta's crawlers (facebookexternalhit, Facebot, meta-externalagent) come from its own network.
  facebook: { how: 'ranges', source: 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers (AS32934)' },
  x: { how: 'ranges', source: 'https://developer.x.com/en/docs/x-for-websites/cards/guides/troubleshooting-cards (AS13414)' },
  linkedin: { how: 'ranges', source: 'https://www.linkedin.com/help/linkedin/answer/a1426379 (AS14413)' },
  // Telegram's servers fetch the preview for the chat, from the networks Telegram lists.
  telegram: { how: 'ranges', source: 'https://core.telegram.org/resources/cidr.txt' },
  pinterest: { how: 'reverse-dns', hostSuffixes: ['pinterest.com'], source: 'https://help.pinterest.com/en/business/article/pinterest-crawler' },
  // The sender's phone or computer fetches the page itself: any address at all.
  whatsapp: { how: 'none', why: 'device' },
  imessage: { how: 'none', why: 'device' },
  // Each server of the network fetches for its own people.
  mastodon: { how: 'none', why: 'federated' },
  mattermost: { how: 'none', why: 'federated' },
  matrix: { how: 'none', why: 'federated' },
  slack: unpublished,
  discord: unpublished,
  reddit: unpublished,
  skype: unpublished,
  bluesky: unpublished,
  snapchat: unpublished,
  kakaotalk: unpublished,
  line: unpublished,
  vk: unpublished,
  embed: unpublished,
  tumblr: unpublished,
  quora: unpublished,
}

/** How a platform's crawler is checked (an unknown name: not at all). */
export const verificationOf = (platform: string): CrawlerVerification => CRAWLER_VERIFICATION[platform] ?? unpublished

export const verifiedByOf = (platform: string): VerifiedBy => {
  const { how } = verificationOf(platform)
  return how === 'none' ? null : how
}

/** The platforms an operator's CRAWLER_RANGES_FILE may add ranges to: those checked at all. */
export const VERIFIABLE_PLATFORMS = Object.keys(CRAWLER_VERIFICATION).filter((platform) => CRAWLER_VERIFICATION[platform].how !== 'none')
