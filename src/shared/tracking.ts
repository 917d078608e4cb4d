// Query parameters that say where a visitor came from, not which page they asked for. A page shared
// as https://app.example/shoe?utm_source=x is the page https://app.example/shoe, and has its card.
const TRACKING_PARAMETER =
  /^(utm_\w+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|twclid|ttclid|li_fat_id|igshid|mc_cid|mc_eid|yclid|srsltid|_hsenc|_hsmi|_ga|_gl)$/i

/** The address without its fragment and tracking parameters (throws on an address that is not a URL). */
export function withoutTracking(address: string): string {
  const url = new URL(address)
  url.hash = ''
  const tracking = [...url.searchParams.keys()].filter((name) => TRACKING_PARAMETER.test(name))
  for (const name of tracking) url.searchParams.delete(name)
  return url.href
}

// The campaign parameters the link form's UTM builder sets on a target, in the order it shows them.
export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const
export type UtmField = (typeof UTM_FIELDS)[number]
export type Utm = Record<UtmField, string>
/** The longest value the builder takes for one parameter. */
export const UTM_VALUE_MAX = 200

/** The target's utm_* values ('' for each it lacks), or null when it is no URL yet. */
export function utmOf(address: string): Utm | null {
  if (!URL.canParse(address)) return null
  const params = new URL(address).searchParams
  return Object.fromEntries(UTM_FIELDS.map((field) => [field, params.get(`utm_${field}`) ?? ''])) as Utm
}

/** The target with one utm_* value set as typed (or, when empty, removed); its other parameters and fragment kept. */
export function withUtm(address: string, field: UtmField, value: string): string {
  const url = new URL(address)
  if (value) url.searchParams.set(`utm_${field}`, value)
  else url.searchParams.delete(`utm_${field}`)
  return url.href
}

/** The target with every utm_* value set as given (empty ones removed), as a preset applies them. */
export const withAllUtm = (address: string, utm: Utm): string => UTM_FIELDS.reduce((target, field) => withUtm(target, field, utm[field]), address)
