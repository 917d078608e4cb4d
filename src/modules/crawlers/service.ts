// Whether a request claiming a link-preview platform's crawler comes from that platform
// (shared/crawler-platforms.ts says how each is checked). The address ranges (shipped, refreshed
// where the operator allows it, and the operator's own) are one trie, asked synchronously; reverse
// DNS runs only for a platform that documents its host names, for an address outside its ranges,
// and its answer is kept (reverse-dns.ts).
import { config } from '../../platform/config'
import { every, type Running } from '../../platform/lifecycle'
import { log } from '../../platform/log'
import { safeFetch } from '../../platform/safe-fetch'
import { verificationOf } from '../../shared/crawler-platforms'
import { AddressRanges, parseBlock } from './address-ranges'
import shipped from './crawler-ranges.json'
import { confirmedHost } from './reverse-dns'

/**
 * verified: the platform's own address; unverified: a claim from an address that is not the
 * platform's; unverifiable: the platform cannot be checked (made on the sender's device, say), or
 * the address says nothing of the sender (see NOT_PUBLIC).
 */
export type CrawlerCheck = 'verified' | 'unverified' | 'unverifiable'

// Addresses no platform crawls from: a proxy in front that TRUST_PROXY does not name, a private
// network, documentation and test blocks. A claim from one is taken as it is today (the allowance
// per address), since the sender's own address is unknown; the operator's ranges may still name them.
const NOT_PUBLIC = '(not public)'
const NOT_PUBLIC_BLOCKS = [
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24', '192.0.2.0/24', '192.88.99.0/24',
  '192.168.0.0/16', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/3',
  '::/127', '100::/64', '2001:db8::/32', 'fc00::/7', 'fe80::/10', 'ff00::/8',
]

type Format = 'ripestat' | 'lines'
type ShippedPlatform = { ranges: string[]; refresh?: { url: string; format: string } }
const SHIPPED = shipped.platforms as Record<string, ShippedPlatform>

// Each platform's ranges as last read from its source, replacing the shipped ones.
const refreshed = new Map<string, readonly string[]>()
let ranges: AddressRanges | undefined
// Said once a process: every request arriving from one private address is most likely a proxy's.
let hasWarnedOfProxy = false

function buildRanges() {
  const blocks: [string, string][] = []
  for (const [platform, { ranges: list }] of Object.entries(SHIPPED)) for (const block of refreshed.get(platform) ?? list) blocks.push([platform, block])
  for (const [platform, list] of Object.entries(config.crawlerRanges)) for (const block of list) blocks.push([platform, block])
  for (const block of NOT_PUBLIC_BLOCKS) blocks.push([NOT_PUBLIC, block])
  return new AddressRanges(blocks)
}

/**
 * Whether a claim to be `platform`'s crawler holds for a request from `address`: at once from the
 * ranges and the reverse-DNS answers known; a promise only while a reverse-DNS look-up runs.
 */
export function checkCrawler(platform: string, address: string | null): CrawlerCheck | Promise<'verified' | 'unverified'> {
  const verification = verificationOf(platform)
  if (verification.how === 'none' || address === null) return 'unverifiable'
  ranges ??= buildRanges()
  const found = ranges.labelsOf(address)
  if (found === -1) return 'unverifiable'
  if (found & ranges.bitOf(platform)) return 'verified'
  if (found & ranges.bitOf(NOT_PUBLIC)) {
    if (!hasWarnedOfProxy && !config.trustProxy) {
      hasWarnedOfProxy = true
      log.info('crawlers arrive from a private address: set TRUST_PROXY to the proxies in front, or crawlers cannot be verified', { platform, address })
    }
    return 'unverifiable'
  }
  if (verification.how === 'ranges') return 'unverified'
  const confirmed = confirmedHost(address, verification.hostSuffixes)
  if (typeof confirmed === 'boolean') return confirmed ? 'verified' : 'unverified'
  return confirmed.then((isConfirmed) => (isConfirmed ? 'verified' : 'unverified'))
}

/** The address blocks a source's answer lists; the unreadable are left out. */
export function blocksFromSource(format: Format, text: string): string[] {
  let entries: unknown[] = []
  if (format === 'lines') entries = text.split('\n').map((line) => line.replace(/#.*/, '').trim())
  else entries = ((JSON.parse(text) as { data?: { prefixes?: { prefix?: unknown }[] } }).data?.prefixes ?? []).map((each) => each.prefix)
  return entries.filter((entry): entry is string => typeof entry === 'string' && entry !== '' && parseBlock(entry) !== undefined)
}

const REFRESH_INTERVAL_MS = 24 * 60 * 60_000
const SOURCE_TIMEOUT_MS = 15_000
const SOURCE_MAX_BYTES = 4 * 1024 * 1024

/** Reads every platform's source; one that fails or lists nothing keeps the ranges it had. */
async function refreshRanges() {
  for (const [platform, { refresh }] of Object.entries(SHIPPED)) {
    if (!refresh) continue
    try {
      const page = await safeFetch(refresh.url, { accept: ['application/json', 'text/plain'], timeoutMs: SOURCE_TIMEOUT_MS, maxBytes: SOURCE_MAX_BYTES })
      const blocks = page.body ? blocksFromSource(refresh.format as Format, new TextDecoder().decode(page.body)) : []
      if (blocks.length === 0) throw new Error('the source listed no address blocks')
      refreshed.set(platform, blocks)
    } catch (error) {
      log.warn('crawler ranges could not be refreshed; the ones held stay', { platform, source: refresh.url, error: (error as Error).message })
    }
  }
  ranges = buildRanges()
}

/**
 * Builds the ranges at start, so a bad block of the operator's shows now, and with
 * CRAWLER_RANGES_REFRESH=on refreshes the shipped ones from their sources daily.
 */
export function startCrawlerChecks(): Running | undefined {
  ranges = buildRanges()
  if (!config.crawlerRangesRefresh) return undefined
  let refreshing: Promise<void> | undefined
  const refresh = () => {
    refreshing ??= refreshRanges().finally(() => (refreshing = undefined))
  }
  refresh()
  const stop = every(REFRESH_INTERVAL_MS, refresh)
  return {
    async stop() {
      stop()
      await refreshing
    },
  }
}
