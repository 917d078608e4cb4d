// How breakdown values read on screen.
import type { AnalyticsPeriod, DeviceType } from '../../../src/shared/analytics'

export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = { '7days': '7 days', '30days': '30 days', '90days': '90 days', year: 'Year' }

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
