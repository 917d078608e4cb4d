// Who is visiting a short link, told by User-Agent. Four kinds, each with its own answer
// (CONTRACT.md, "Short links"): people get the redirect and a click; link-preview crawlers of
// social, chat and messaging platforms get the card, a counted preview; search engines and plain
// HTTP clients, monitors and unknown bots get the redirect, nothing counted. Each pattern is
// anchored on the product's own token, so an in-app browser that names its app (Pinterest,
// Snapchat, Teams, Viber…) stays a person.
import { isbot } from 'isbot'

export type VisitorKind = 'person' | 'preview' | 'search' | 'client'

export type Visitor = {
  kind: VisitorKind
  /** The preview crawler's platform ('other' for an unknown bot that says it fetches previews), else null. */
  platform: string | null
  /** Whether a preview counts against the account's quota: only the named platforms' do. */
  counted: boolean
}

// Order matters: iMessage, LINE and KakaoTalk send other platforms' tokens too.
const PREVIEW_CRAWLERS: [RegExp, string][] = [
  [/\bfacebookexternalhit\/1\.1 Facebot Twitterbot\/1\.0\b/, 'imessage'],
  [/\bkakaotalk-scrap\//i, 'kakaotalk'],
  [/\bline-poker\//i, 'line'],
  [/\bTelegramBot \(like TwitterBot\)/, 'telegram'],
  [/^WhatsApp(\/|$)/, 'whatsapp'],
  [/\b(facebookexternalhit|facebookcatalog|meta-externalagent)\/|\bFacebot\b/, 'facebook'],
  [/\bTwitterbot\//, 'x'],
  [/\bLinkedInBot\//, 'linkedin'],
  [/\bSlackbot\b|\bSlack-ImgProxy\b/, 'slack'],
  [/\bDiscordbot\//, 'discord'],
  [/\bPinterest(bot)?\/\d/, 'pinterest'],
  [/\bredditbot\//, 'reddit'],
  [/\bSkypeUriPreview\b|\bMicrosoftPreview\//, 'skype'],
  [/\bMastodon\/\d/, 'mastodon'],
  [/\bCardyb\/|\bBlueskyPreviewBot\//, 'bluesky'],
  [/^Snap URL Preview Service\b/, 'snapchat'],
  [/\bvkShare\b/, 'vk'],
  [/\bEmbedly\b|\bIframely\//, 'embed'],
  [/^Tumblr\/\d/, 'tumblr'],
  [/^Mattermost-Bot\//, 'mattermost'],
  [/^Synapse \(bot;/, 'matrix'],
  [/\bQuora Link Preview\//, 'quora'],
]

const SEARCH_ENGINES =
  /\b(Googlebot(-\w+)?|Google-InspectionTool|GoogleOther(-\w+)?|AdsBot-Google(-Mobile)?|Mediapartners-Google|Storebot-Google|APIs-Google|bingbot|adidxbot|BingPreview|msnbot(-\w+)?|DuckDuckBot(-Https)?|DuckAssistBot|Yandex\w*|Baiduspider(-\w+)?|Applebot(-Extended)?|Sogou \w+ [Ss]pider|SeznamBot|Qwantify|PetalBot|Yahoo! Slurp|Exabot|Yeti|coccocbot(-\w+)?|MojeekBot|Naverbot)\b/

// Browsers, in-app ones included, all say Mozilla/ first (Opera/ in its oldest versions).
const BROWSER = /^(Mozilla|Opera)\//

// Unknown bots that say what they fetch is a link preview may have the card, uncounted.
const SAYS_PREVIEW = /(link|url)[ -]?preview|unfurl|link[ -]?expand/i

/** Who sent a request with this User-Agent (null: none was sent). */
export function classifyVisitor(userAgent: string | null): Visitor {
  if (!userAgent?.trim()) return CLIENT
  const crawler = PREVIEW_CRAWLERS.find(([pattern]) => pattern.test(userAgent))
  if (crawler) return { kind: 'preview', platform: crawler[1], counted: true }
  if (SEARCH_ENGINES.test(userAgent)) return SEARCH
  if (BROWSER.test(userAgent) && !isbot(userAgent)) return PERSON
  return SAYS_PREVIEW.test(userAgent) ? UNCOUNTED_PREVIEW : CLIENT
}

const PERSON: Visitor = { kind: 'person', platform: null, counted: false }
const SEARCH: Visitor = { kind: 'search', platform: null, counted: false }
const CLIENT: Visitor = { kind: 'client', platform: null, counted: false }
const UNCOUNTED_PREVIEW: Visitor = { kind: 'preview', platform: 'other', counted: false }
