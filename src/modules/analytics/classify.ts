// What an event says about where it came from. Runs when events are written (in the batch), never
// on the request path: parsing a User-Agent costs far more than answering a redirect.
import { UAParser } from 'ua-parser-js'
import type { DeviceType } from '../../shared/analytics'
import { remembered } from '../../platform/cache'

/** The referring site's host name, or null for direct visits and unreadable referrers. */
export function referrerHost(referrer: string | null): string | null {
  if (!referrer) return null
  try {
    const host = new URL(referrer).hostname.toLowerCase()
    return host.replace(/^www\./, '') || null
  } catch {
    return null
  }
}

// Sites whose outbound links mark a click as a social share (subdomains count too: m., l., old.).
const SOCIAL_HOSTS = [
  't.co', 'x.com', 'twitter.com', 'facebook.com', 'fb.me', 'fb.com', 'messenger.com', 'instagram.com', 'threads.net',
  'threads.com', 'linkedin.com', 'lnkd.in', 'reddit.com', 'redd.it', 'slack.com', 'slack-redir.net', 'discord.com',
  'discordapp.com', 'whatsapp.com', 'wa.me', 't.me', 'telegram.org', 'pinterest.com', 'pin.it', 'bsky.app',
  'mastodon.social', 'mastodon.online', 'news.ycombinator.com', 'youtube.com', 'youtu.be', 'tiktok.com', 'snapchat.com',
  'tumblr.com', 'vk.com', 'weibo.com', 'line.me', 'teams.microsoft.com', 'quora.com', 'medium.com',
]

export function isSocialHost(host: string | null): boolean {
  if (!host) return false
  return SOCIAL_HOSTS.some((social) => host === social || host.endsWith(`.${social}`))
}

export type Agent = { device: DeviceType | null; browser: string | null; os: string | null }

// The parser's names where a plainer one reads better in a breakdown (the device says "mobile").
const BROWSER_NAMES: Record<string, string> = { 'Mobile Safari': 'Safari', 'Mobile Firefox': 'Firefox', 'Mobile Chrome': 'Chrome' }
const OS_NAMES: Record<string, string> = { 'Mac OS': 'macOS', 'Chromium OS': 'ChromeOS' }

function deviceOf(type: string | undefined, recognised: boolean): DeviceType | null {
  switch (type) {
    case 'mobile':
    case 'wearable':
      return 'mobile'
    case 'tablet':
      return 'tablet'
    case undefined:
      // Desktop browsers name no device; a string the parser knows nothing about is no evidence.
      return recognised ? 'desktop' : null
    default:
      return 'other'
  }
}

function parseAgent(userAgent: string): Agent {
  const { browser, os, device } = new UAParser(userAgent).getResult()
  const browserName = browser.name ? (BROWSER_NAMES[browser.name] ?? browser.name) : null
  const osName = os.name ? (OS_NAMES[os.name] ?? os.name) : null
  return { device: deviceOf(device.type, Boolean(browserName || osName)), browser: browserName, os: osName }
}

// User-Agents repeat endlessly: the answers are remembered.
const agentOf = remembered(5000, parseAgent)

/**
 * Device class, browser and OS of a User-Agent. `crawler` is the preview's platform: crawlers
 * are bots whatever they claim to run on.
 */
export function describeAgent(userAgent: string | null, crawler: string | null): Agent {
  if (crawler) return { device: 'bot', browser: null, os: null }
  if (!userAgent) return { device: null, browser: null, os: null }
  return agentOf(userAgent)
}
