// How each platform's cached card of a link is made to show a changed card. Platforms keep what
// their crawler read for days or weeks; some re-read on request, the rest only on their own time.
import type { CardPlatform } from './platform-cards'

export type RefreshWay =
  /** Linkcard asks the platform to read the card again (Facebook's Graph API, when configured). */
  | { kind: 'api' }
  /** A tool of the platform's where a person asks it to read the card again. */
  | { kind: 'tool'; step: string; url: string }
  /** Nothing to press: what happens, and when. */
  | { kind: 'wait'; step: string }

/** The way to a refreshed card on each platform, for the link's address `url`. */
export function refreshWayOf(platform: CardPlatform, url: string, canAskFacebook: boolean): RefreshWay {
  const encoded = encodeURIComponent(url)
  switch (platform) {
    case 'facebook':
      return canAskFacebook
        ? { kind: 'api' }
        : { kind: 'tool', step: 'Open the Sharing Debugger and press “Scrape Again”; Instagram and Messenger share its cache.', url: `https://developers.facebook.com/tools/debug/?q=${encoded}` }
    case 'linkedin':
      return { kind: 'tool', step: 'Open the Post Inspector: it reads the card again at once.', url: `https://www.linkedin.com/post-inspector/inspect/${encoded}` }
    case 'telegram':
      return { kind: 'tool', step: 'Send the link to @WebpageBot in Telegram: it reads the card again.', url: 'https://t.me/WebpageBot' }
    case 'x':
      return { kind: 'wait', step: 'X reads a card again about a week after it last did; posts made after that show the new card.' }
    case 'slack':
      return { kind: 'wait', step: 'Slack reads a card again after about 30 minutes; messages sent after that show the new card.' }
    case 'discord':
      return { kind: 'wait', step: 'Discord keeps a card for a few hours; messages sent after that show the new card.' }
    case 'whatsapp':
      return { kind: 'wait', step: 'WhatsApp reads the card anew for each new message; older messages keep the card they showed.' }
    case 'imessage':
      return { kind: 'wait', step: 'iMessage reads the card when the message is sent; older messages keep the card they showed.' }
  }
}
