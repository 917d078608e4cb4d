// How analytics read on screen: periods, breakdown values, the daily chart's lines, changes.
import type { AnalyticsPeriod, DeviceType } from '../../../src/shared/analytics'

export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = { '7days': '7 days', '30days': '30 days', '90days': '90 days', year: 'Year' }

/** The daily chart's lines, in the order they are drawn. */
export const DAILY_SERIES = [
  { key: 'clicks', label: 'Clicks', color: 'var(--color-brand-600)' },
  { key: 'scans', label: 'Scans', color: '#8b5cf6' },
  { key: 'previews', label: 'Previews', color: '#10b981' },
  { key: 'uniqueVisitors', label: 'Unique visitors', color: '#f59e0b' },
] as const

const PLATFORMS: Record<string, string> = {
  facebook: 'Facebook',
  x: 'X (Twitter)',
  linkedin: 'LinkedIn',
  slack: 'Slack',
  discord: 'Discord',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  imessage: 'iMessage',
  pinterest: 'Pinterest',
  reddit: 'Reddit',
  skype: 'Skype / Teams',
  google: 'Google',
  bing: 'Bing',
  apple: 'Apple',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  viber: 'Viber',
  line: 'LINE',
  kakaotalk: 'KakaoTalk',
  snapchat: 'Snapchat',
  vk: 'VK',
  embed: 'Embed services',
  tumblr: 'Tumblr',
  duckduckgo: 'DuckDuckGo',
  yandex: 'Yandex',
  other: 'Other bots',
}

const DEVICES: Record<DeviceType, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet', other: 'TV, console or other', bot: 'Bot' }

let regions: Intl.DisplayNames | undefined

function countryName(code: string) {
  try {
    regions ??= new Intl.DisplayNames(undefined, { type: 'region' })
    const name = regions.of(code)
    return name && name !== code ? `${name} (${code})` : code
  } catch {
    return code
  }
}

export type BreakdownKind = 'referrers' | 'platforms' | 'countries' | 'devices' | 'browsers' | 'oses'

/** A breakdown row's name as people read it; null is a direct visit or an unknown value. */
export function breakdownLabel(kind: BreakdownKind, name: string | null): string {
  if (name === null) return kind === 'referrers' ? 'Direct or unknown' : 'Unknown'
  if (kind === 'platforms') return PLATFORMS[name] ?? name
  if (kind === 'devices') return DEVICES[name as DeviceType] ?? name
  if (kind === 'countries') return countryName(name)
  return name
}

/** Clicks per preview, as the totals card shows it. */
export const formatEngagement = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }))

/** A UTC day (YYYY-MM-DD) as the reader writes dates; the day itself, whatever the reader's time zone. */
export const formatDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })

export type Trend = 'up' | 'down' | 'same' | 'none'

/**
 * A total's change against the period before, in words (colour only repeats them): "Up 37.5%",
 * "Down 20%", "No change", or, with nothing before to compare with, what there was.
 */
export function describeChange(percent: number | null, now: number, before: number): { trend: Trend; text: string } {
  if (percent === null) return { trend: 'none', text: now === 0 ? 'None in either period' : 'None before' }
  const amount = `${Math.abs(percent).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`
  if (percent > 0) return { trend: 'up', text: `Up ${amount} from ${before.toLocaleString('en-US')}` }
  if (percent < 0) return { trend: 'down', text: `Down ${amount} from ${before.toLocaleString('en-US')}` }
  return { trend: 'same', text: `No change from ${before.toLocaleString('en-US')}` }
}
