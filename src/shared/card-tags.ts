// The OpenGraph and Twitter Card tags of a link's card, one list for every page that carries them:
// the short link's own page for crawlers and the edge worker's rewritten page of the target. Pure,
// so the server and the worker (built from the same sources) write the same tags from a link.
import { missingForCard, type TwitterApp, type TwitterPlayer } from './card-rules'
import { CARD_IMAGE_SIZE } from './card-images'
import type { TwitterCard } from './domain'

/** What a card shows; the image's size and type are known once Linkcard has read it. */
export type CardFields = {
  title: string
  description: string | null
  ogImage: string | null
  ogImageAlt: string | null
  ogImageWidth: number | null
  ogImageHeight: number | null
  ogImageType: string | null
  twitterCard: TwitterCard
  twitterPlayer: TwitterPlayer | null
  twitterApp: TwitterApp | null
  themeColor: string | null
}

/** A tag of the card: [attribute, name, content]. */
export type CardTag = ['property' | 'name', string, string]

/** A card without an image of its own shows the one Linkcard makes (`madeImageUrl`), when the link asks for one. */
export function withMadeImage<T extends CardFields>(card: T, madeImageUrl: string | null | undefined): T {
  if (card.ogImage || !madeImageUrl) return card
  return { ...card, ogImage: madeImageUrl, ogImageWidth: CARD_IMAGE_SIZE.width, ogImageHeight: CARD_IMAGE_SIZE.height, ogImageType: 'image/png' }
}

/**
 * The card X is told to draw: the link's own when it has what that card needs, else the card its
 * image allows (a large-image card without an image would show an empty frame; links saved before
 * player and app cards needed their fields keep working this way).
 */
function twitterCardOf(card: CardFields): TwitterCard {
  if (missingForCard(card) === null && card.twitterCard !== 'summary_large_image') return card.twitterCard
  return card.ogImage ? 'summary_large_image' : 'summary'
}

type Tag = [CardTag[0], string, string | null | undefined]

/** The card's tags for the page at `url`, in order, each with a value. */
export function cardTags(card: CardFields, url: string): CardTag[] {
  const twitterCard = twitterCardOf(card)
  // Facebook shows no image on a link's first share without its size. Known once the image was read
  // after saving; a changed image clears them until it is read.
  const imageFacts: Tag[] =
    card.ogImage && card.ogImageWidth && card.ogImageHeight
      ? [
          ['property', 'og:image:width', String(card.ogImageWidth)],
          ['property', 'og:image:height', String(card.ogImageHeight)],
          ['property', 'og:image:type', card.ogImageType],
        ]
      : []
  const player: Tag[] =
    twitterCard === 'player' && card.twitterPlayer
      ? [
          ['name', 'twitter:player', card.twitterPlayer.url],
          ['name', 'twitter:player:width', String(card.twitterPlayer.width)],
          ['name', 'twitter:player:height', String(card.twitterPlayer.height)],
        ]
      : []
  const app: Tag[] =
    twitterCard === 'app' && card.twitterApp
      ? [
          ['name', 'twitter:app:id:iphone', card.twitterApp.iphone],
          ['name', 'twitter:app:id:ipad', card.twitterApp.ipad ?? card.twitterApp.iphone],
          ['name', 'twitter:app:id:googleplay', card.twitterApp.googleplay],
        ]
      : []
  const tags: Tag[] = [
    ['name', 'description', card.description],
    ['property', 'og:title', card.title],
    ['property', 'og:description', card.description],
    ['property', 'og:image', card.ogImage],
    ...imageFacts,
    ['property', 'og:image:alt', card.ogImageAlt],
    ['property', 'og:url', url],
    ['name', 'twitter:card', twitterCard],
    ['name', 'twitter:title', card.title],
    ['name', 'twitter:description', card.description],
    ['name', 'twitter:image', card.ogImage],
    ['name', 'twitter:image:alt', card.ogImageAlt],
    ...player,
    ...app,
    ['name', 'theme-color', card.themeColor],
  ]
  return tags.filter((tag): tag is CardTag => typeof tag[2] === 'string' && tag[2] !== '')
}
