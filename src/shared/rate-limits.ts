// Limits on making things and on guessing keys, shared by the server and the docs. The public API's
// own call limits are API_RATE_LIMITS in api-keys.ts.

/** Per account, across all its users and both APIs: how fast new keys may be made (new links: by plan, PLAN_INFO). */
export const API_KEY_CREATE_LIMITS = { perHour: 60, perDay: 200 } as const
/** Per client address: calls with a missing, unknown or revoked key before answers turn to 429. */
export const INVALID_KEY_LIMIT = { attempts: 20, windowMinutes: 10 } as const
/**
 * Previews count once per link and crawler platform in each window, and one client address counts
 * at most `perAddress` of an account's previews a window; past that it gets the card, uncounted.
 */
export const PREVIEW_COUNTING = { windowMinutes: 10, perAddress: 20 } as const
/**
 * Wrong passwords given for one link: from one network (an IPv4 address or an IPv6 /64), and from
 * every address together. Past the link's own limit its form refuses everyone, the right password
 * too, until the window ends, and the account's owner is mailed (once a day a link).
 */
export const LINK_PASSWORD_TRIES = { perNetwork: 10, networkWindowMinutes: 10, perLink: 100, linkWindowMinutes: 60 } as const
// QR codes drawn afresh (not from the cache) for one client address: drawing a large one takes time.
export const QR_DRAW_LIMIT = { perMinute: 120 } as const

export const RATE_LIMIT_MESSAGES = {
  apiKeysCreated: (retryAfter: number) => `Too many API keys created recently. Try again in ${retryAfter} seconds.`,
  linksCreated: (retryAfter: number) => `Too many links created recently. Try again in ${retryAfter} seconds.`,
  invalidKeys: (retryAfter: number) => `Too many calls with an invalid API key. Try again in ${retryAfter} seconds.`,
  passwordTries: (retryAfter: number) => `Too many tries. Try again in ${retryAfter} seconds.`,
  linkPasswordLocked: (retryAfter: number) => `This link has had too many wrong passwords. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
  qrCodesDrawn: (retryAfter: number) => `Too many new QR codes drawn recently. Try again in ${retryAfter} seconds.`,
} as const
