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
