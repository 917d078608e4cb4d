// What X's player and app cards need besides a title (X's card markup: a player card names the
// player's https address and size and shows an image until it starts; an app card names the app in
// at least one store), and the optional accent colour Discord and browsers read from theme-color.
// Shared by the server, which refuses a card without what it needs, and the link form.
import type { TwitterCard } from './domain'
import { URL_MAX } from './link-rules'

export type TwitterPlayer = { url: string; width: number; height: number }
export type TwitterApp = { iphone: string | null; ipad: string | null; googleplay: string | null }

export const PLAYER_SIZE_MAX = 4096
export const PLAYER_URL_PATTERN = '^https://[^/?#:@]'
/** The number in an App Store address (apps.apple.com/app/id284882215). */
export const APP_STORE_ID_PATTERN = '^[0-9]{1,12}$'
/** A Google Play package name (com.example.app). */
export const GOOGLE_PLAY_ID_PATTERN = '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+$'
export const GOOGLE_PLAY_ID_MAX = 150
export const THEME_COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$'

export const CARD_MESSAGES = {
  playerNeeded: 'A player card needs the player: its https address, width and height.',
  playerUrl: `The player must be an https:// address of at most ${URL_MAX} characters.`,
  playerSize: `The player's width and height must be whole numbers from 1 to ${PLAYER_SIZE_MAX}.`,
  playerImage: 'A player card needs a preview image, shown until the player starts.',
  appNeeded: 'An app card needs the app: an App Store id (iPhone or iPad) or a Google Play id.',
  appStoreId: 'An App Store id is the number in the app’s App Store address, like 284882215.',
  googlePlayId: 'A Google Play id is the app’s package name, like com.example.app.',
  themeColor: 'The theme colour must be a hex colour like #4f46e5.',
} as const

export function playerProblem(player: TwitterPlayer): { field: 'url' | 'size'; message: string } | null {
  if (player.url.length > URL_MAX || !new RegExp(PLAYER_URL_PATTERN).test(player.url) || !URL.canParse(player.url))
    return { field: 'url', message: CARD_MESSAGES.playerUrl }
  const fits = (n: number) => Number.isInteger(n) && n >= 1 && n <= PLAYER_SIZE_MAX
  if (!fits(player.width) || !fits(player.height)) return { field: 'size', message: CARD_MESSAGES.playerSize }
  return null
}

export function appIdProblem(store: keyof TwitterApp, id: string): string | null {
  if (store === 'googleplay') return new RegExp(GOOGLE_PLAY_ID_PATTERN).test(id) && id.length <= GOOGLE_PLAY_ID_MAX ? null : CARD_MESSAGES.googlePlayId
  return new RegExp(APP_STORE_ID_PATTERN).test(id) ? null : CARD_MESSAGES.appStoreId
}

/** What a card of this type lacks, once every field is known (null: nothing). */
export function missingForCard(card: {
  twitterCard: TwitterCard
  ogImage: string | null
  twitterPlayer: TwitterPlayer | null
  twitterApp: TwitterApp | null
}): { field: 'twitterPlayer' | 'twitterApp' | 'ogImage'; message: string } | null {
  if (card.twitterCard === 'player') {
    if (!card.twitterPlayer) return { field: 'twitterPlayer', message: CARD_MESSAGES.playerNeeded }
    if (!card.ogImage) return { field: 'ogImage', message: CARD_MESSAGES.playerImage }
  }
  if (card.twitterCard === 'app' && !(card.twitterApp?.iphone || card.twitterApp?.ipad || card.twitterApp?.googleplay))
    return { field: 'twitterApp', message: CARD_MESSAGES.appNeeded }
  return null
}
