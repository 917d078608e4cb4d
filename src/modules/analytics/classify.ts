// What an event says about where it came from, derived from the request once, when it is written.
export type EventSource = { referrer: string | null; userAgent: string | null }

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

// Sites whose outbound links mark a click as a social share.
const SOCIAL_HOSTS = [
  't.co', 'x.com', 'twitter.com', 'facebook.com', 'l.facebook.com', 'lm.facebook.com', 'm.facebook.com', 'fb.me',
  'instagram.com', 'l.instagram.com', 'linkedin.com', 'lnkd.in', 'reddit.com', 'out.reddit.com', 'old.reddit.com',
  'slack.com', 'app.slack.com', 'discord.com', 'discordapp.com', 'web.whatsapp.com', 'wa.me', 't.me', 'web.telegram.org',
  'pinterest.com', 'threads.net', 'bsky.app', 'mastodon.social', 'news.ycombinator.com', 'youtube.com', 'tiktok.com',
]

export function isSocialHost(host: string | null): boolean {
  if (!host) return false
  return SOCIAL_HOSTS.some((social) => host === social || host.endsWith(`.${social}`))
}
