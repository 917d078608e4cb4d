// Forward-confirmed reverse DNS: the address's PTR name ends in one of the platform's documented
// domains, and that name resolves back to the address (anyone can write a PTR record for their own
// addresses; only the domain's owner can make its names point at them). Look-ups go through
// DNS_RESOLVER (else the system's resolver) within a time budget; answers are kept, so a crawler
// is looked up once an hour per address, and a look-up under way is shared by every request.
import { Resolver } from 'node:dns/promises'
import { BoundedCache } from '../../platform/cache'
import { config } from '../../platform/config'
import { canonicalHostName } from '../../shared/network'
import { parseAddress } from './address-ranges'

// The whole check (PTR, then A or AAAA) at most; past it the address counts as not confirmed.
const LOOKUP_BUDGET_MS = 1500
const ANSWER_TTL_MS = 60 * 60_000
// A time-out or a failing server says nothing about the crawler: asked again sooner.
const FAILURE_TTL_MS = 60_000
const ANSWERS_MAX = 20_000

type Answer = { confirmed?: boolean; pending: Promise<boolean> }
const answers = new BoundedCache<string, Answer>(ANSWERS_MAX)

function resolver() {
  const dns = new Resolver({ timeout: LOOKUP_BUDGET_MS, tries: 1 })
  if (config.dnsResolver) dns.setServers(config.dnsResolver)
  return dns
}

const withinBudget = <T>(work: Promise<T>) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('DNS look-up timed out')), LOOKUP_BUDGET_MS).unref())])

const isUnder = (name: string, suffixes: readonly string[]) => suffixes.some((suffix) => name === suffix || name.endsWith(`.${suffix}`))

/** Whether the address's PTR name is under one of `suffixes` and resolves back to it; rejects when DNS did not answer in time. */
async function lookUp(address: string, suffixes: readonly string[]): Promise<boolean> {
  const dns = resolver()
  const names = (await dns.reverse(address)).map(canonicalHostName).filter((name) => isUnder(name, suffixes))
  const isIpv6 = parseAddress(address) === 16
  for (const name of names) {
    const forward = await (isIpv6 ? dns.resolve6(name) : dns.resolve4(name)).catch(() => [] as string[])
    if (forward.some((each) => sameAddress(each, address))) return true
  }
  return false
}

const bytesA = new Uint8Array(16)
const bytesB = new Uint8Array(16)
function sameAddress(a: string, b: string) {
  const family = parseAddress(a, bytesA)
  if (family === 0 || parseAddress(b, bytesB) !== family) return false
  for (let i = 0; i < family; i++) if (bytesA[i] !== bytesB[i]) return false
  return true
}

/**
 * Whether the address belongs to a host under one of `suffixes`: at once when the answer is
 * known, else a look-up that never rejects (no answer in time: not confirmed).
 */
export function confirmedHost(address: string, suffixes: readonly string[]): boolean | Promise<boolean> {
  const key = `${suffixes.join(',')}|${address}`
  const known = answers.get(key)
  if (known) return known.confirmed ?? known.pending
  const answer: Answer = {
    pending: withinBudget(lookUp(address, suffixes)).then(
      (confirmed) => {
        answer.confirmed = confirmed
        answers.set(key, answer, ANSWER_TTL_MS)
        return confirmed
      },
      (error: { code?: string }) => {
        const isAbsent = error.code === 'ENOTFOUND' || error.code === 'ENODATA'
        answer.confirmed = false
        answers.set(key, answer, isAbsent ? ANSWER_TTL_MS : FAILURE_TTL_MS)
        return false
      },
    ),
  }
  answers.set(key, answer, ANSWER_TTL_MS)
  return answer.pending
}
