// Custom-domain rules and messages, shared by the form and the server.

export const CUSTOM_DOMAIN_MESSAGES = {
  paidOnly: 'Custom domains are only available on paid plans. Please upgrade to access this feature.',
  required: 'Please enter a hostname.',
  hostnameOnly: 'Enter the hostname only, such as links.example.com (no https://, path or port).',
  ipAddress: 'Enter a hostname such as links.example.com, not an IP address.',
  invalid: 'Enter a valid hostname such as links.example.com.',
  mixedScripts: 'This hostname mixes alphabets (such as Latin and Cyrillic letters that look alike). Enter each part in one alphabet.',
  productHost: 'This hostname is already used by Linkcard itself.',
  oneDomain: 'Remove your current custom domain first.',
  taken: 'This hostname is already connected to another account.',
  none: 'There is no custom domain to remove.',
  notFound: 'Custom domain not found.',
  alreadyYours: 'This hostname is already one of your domains.',
  redirectUrl: 'Enter a full http or https address, or leave it empty.',
  limit: (plan: string, limit: number) => `Your ${plan} plan includes ${limit} custom domain${limit === 1 ? '' : 's'}. Remove one, or upgrade for more.`,
  hasLinks: (hostname: string, links: number) =>
    `${links} link${links === 1 ? ' lives' : 's live'} on ${hostname}. Move ${links === 1 ? 'it' : 'them'} to another domain or delete ${links === 1 ? 'it' : 'them'} first.`,
}

/** Ownership is proven by a TXT record at this label under the hostname. */
const VERIFY_RECORD_PREFIX = '_linkcard-verify'
export const verifyRecordName = (hostname: string) => `${VERIFY_RECORD_PREFIX}.${hostname}`

const HOSTNAME_MAX = 253
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
// Names that never resolve publicly (RFC 6761 and friends).
const SPECIAL_TLDS = new Set(['localhost', 'local', 'internal', 'invalid', 'test', 'onion', 'arpa'])

// Letters of these alphabets look alike (Latin a, Cyrillic а, Greek α): one label mixing them is
// how a look-alike of another name is spelled.
const CONFUSABLE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u]
const mixesScripts = (label: string) => CONFUSABLE_SCRIPTS.filter((script) => script.test(label)).length > 1

export type HostnameCheck = { hostname: string; error?: undefined } | { hostname?: undefined; error: string }

/**
 * Lower-cases and checks what someone typed as a custom domain: a public DNS name of two or more
 * labels, without scheme, path or port, and not an IP address, no label mixing look-alike alphabets.
 * Unicode names become punycode.
 */
export function normalizeHostname(input: string): HostnameCheck {
  let value = input.trim().toLowerCase()
  if (!value) return { error: CUSTOM_DOMAIN_MESSAGES.required }
  if (/^\[?[0-9a-f:.]+\]?$/.test(value) && (value.match(/:/g)?.length ?? 0) >= 2) return { error: CUSTOM_DOMAIN_MESSAGES.ipAddress }
  if (/[\s/\\?#@:]/.test(value)) return { error: CUSTOM_DOMAIN_MESSAGES.hostnameOnly }
  value = value.replace(/\.$/, '')
  if (value.split('.').some(mixesScripts)) return { error: CUSTOM_DOMAIN_MESSAGES.mixedScripts }
  let ascii: string
  try {
    ascii = new URL(`http://${value}`).hostname
  } catch {
    return { error: CUSTOM_DOMAIN_MESSAGES.invalid }
  }
  // The URL parser also turns shorthand like 0x7f.1 into 127.0.0.1, so this catches every IPv4 form.
  if (/^\d+(\.\d+){3}$/.test(ascii)) return { error: CUSTOM_DOMAIN_MESSAGES.ipAddress }
  const labels = ascii.split('.')
  if (ascii.length > HOSTNAME_MAX || labels.length < 2 || !labels.every((label) => LABEL.test(label)))
    return { error: CUSTOM_DOMAIN_MESSAGES.invalid }
  const tld = labels[labels.length - 1]
  if (/^\d+$/.test(tld) || SPECIAL_TLDS.has(tld)) return { error: CUSTOM_DOMAIN_MESSAGES.invalid }
  return { hostname: ascii }
}

/**
 * What someone pasted into the custom-domain field, cut to its host name as written:
 * "https://Go.Example.com:443/x?y" is "Go.Example.com". The text is only cut, never parsed, so
 * normalizeHostname still sees the name as typed (look-alike letters included).
 */
export function hostnameFromPasted(input: string): string {
  return input
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/^[^/?#@]*@/, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d*$/, '')
}

/** Active only when both DNS and certificate are ready. */
export const isDomainLive = (domain: { status: string | null; sslStatus: string | null }) =>
  domain.status === 'active' && domain.sslStatus === 'active'
