// Which link-preview crawler (if any) sent a request, by User-Agent: the named platforms first,
// then isbot's maintained list of every other bot.
import { isbot } from 'isbot'
import { remembered } from '../../platform/cache'

// Order matters: iMessage, KakaoTalk and Telegram announce themselves with other platforms' names too.
const PLATFORMS: [RegExp, string][] = [
  [/facebot twitterbot/i, 'imessage'],
  [/kakaotalk-scrap/i, 'kakaotalk'],
  [/telegrambot/i, 'telegram'],
  [/whatsapp/i, 'whatsapp'],
  [/facebookexternalhit|facebookcatalog|facebot|meta-externalagent/i, 'facebook'],
  [/twitterbot/i, 'x'],
  [/linkedinbot/i, 'linkedin'],
  [/slackbot|slack-imgproxy/i, 'slack'],
  [/discordbot/i, 'discord'],
  [/pinterest/i, 'pinterest'],
  [/redditbot/i, 'reddit'],
  [/skypeuripreview|teams/i, 'skype'],
  [/googlebot|google-inspectiontool|googleother|adsbot-google|mediapartners-google/i, 'google'],
  [/bingbot|bingpreview/i, 'bing'],
  [/applebot/i, 'apple'],
  [/mastodon/i, 'mastodon'],
  [/bluesky|cardyb/i, 'bluesky'],
  [/viber/i, 'viber'],
  [/line-poker|linespider/i, 'line'],
  [/snapchat/i, 'snapchat'],
  [/vkshare/i, 'vk'],
  [/embedly|iframely/i, 'embed'],
  [/tumblr/i, 'tumblr'],
  [/duckduckbot|duckassistbot/i, 'duckduckgo'],
  [/yandex/i, 'yandex'],
]

// User-Agents repeat endlessly: the answers are remembered for the hot path.
const platformOf = remembered(10_000, (userAgent) => PLATFORMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? (isbot(userAgent) ? 'other' : null))

/** The crawler's platform, 'other' for any other bot, or null for a person. */
export function crawlerPlatform(userAgent: string | null): string | null {
  return userAgent ? platformOf(userAgent) : null
}
