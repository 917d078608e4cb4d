// A link's card test (its cardVariant): crawlers get the link's own card ('a') and the second one
// ('b') in turn, one preview window each, the same on every instance at the same time. A person who
// comes from a platform is counted for the version that platform's crawler last got for the link,
// where that is known: the share was made with the card the crawler read. Each instance remembers
// the last version served per link and platform, and tells the others when it changes (the bus);
// a click whose platform's crawler no instance has served since it started is counted for neither.
import { publish, subscribe } from '../../platform/bus'
import { BoundedCache } from '../../platform/cache'
import type { CardVersionName } from '../../shared/link-rules'
import { PREVIEW_COUNTING } from '../../shared/rate-limits'
import type { LinkRow } from '../links/service'

const WINDOW_MS = PREVIEW_COUNTING.windowMinutes * 60 * 1000
const CARD_SHOWN = 'card-shown'

// Link id and platform → the version its crawler last got. Bounded: a link and platform forgotten
// count their clicks for neither until the crawler comes again.
const lastShown = new BoundedCache<string, CardVersionName>(100_000)
subscribe(CARD_SHOWN, (payload) => {
  const [key, version] = JSON.parse(payload) as [string, CardVersionName]
  lastShown.set(key, version)
})

/** The card version a crawler of `platform` gets now (undefined: the link tests no card), remembered for the clicks that follow. */
export function cardVersionServed(link: LinkRow, platform: string, now: number): CardVersionName | undefined {
  if (link.cardVariant === null) return undefined
  const version: CardVersionName = Math.floor(now / WINDOW_MS) % 2 === 0 ? 'a' : 'b'
  const key = `${link.id}|${platform}`
  if (lastShown.get(key) !== version) publish(CARD_SHOWN, JSON.stringify([key, version]))
  return version
}

// The sites people come from, by the platform whose crawler made their card. Subdomains count too (m., l., lm.).
const PLATFORM_OF_HOST: [string, string][] = [
  ['facebook.com', 'facebook'],
  ['fb.com', 'facebook'],
  ['fb.me', 'facebook'],
  ['messenger.com', 'facebook'],
  ['t.co', 'x'],
  ['x.com', 'x'],
  ['twitter.com', 'x'],
  ['linkedin.com', 'linkedin'],
  ['lnkd.in', 'linkedin'],
  ['slack.com', 'slack'],
  ['slack-redir.net', 'slack'],
  ['discord.com', 'discord'],
  ['discordapp.com', 'discord'],
  ['reddit.com', 'reddit'],
  ['pinterest.com', 'pinterest'],
  ['bsky.app', 'bluesky'],
  ['t.me', 'telegram'],
  ['whatsapp.com', 'whatsapp'],
  ['vk.com', 'vk'],
  ['tumblr.com', 'tumblr'],
]

function platformOfReferrer(referrer: string): string | undefined {
  let host: string
  try {
    host = new URL(referrer).hostname.toLowerCase()
  } catch {
    return undefined
  }
  return PLATFORM_OF_HOST.find(([site]) => host === site || host.endsWith(`.${site}`))?.[1]
}

/** The card version a person's click counts for: the one their referring platform's crawler last got; undefined when unknown or untested. */
export function cardVersionClicked(link: LinkRow, referrer: string | null): CardVersionName | undefined {
  if (link.cardVariant === null || !referrer) return undefined
  const platform = platformOfReferrer(referrer)
  return platform === undefined ? undefined : lastShown.get(`${link.id}|${platform}`)
}
