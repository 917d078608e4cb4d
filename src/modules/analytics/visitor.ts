// Unique visitors without keeping anyone's IP: a visitor is HMAC-SHA256(day key, IP + User-Agent),
// where the day key comes from the server secret and the UTC day. The same person gets the same
// hash all day on every instance, and an unrelated one the next day, so visits cannot be linked
// across days, and the hash cannot be reversed without the secret.
import { createHmac } from 'node:crypto'
import { BoundedCache, remembered } from '../../platform/cache'
import { config } from '../../platform/config'

const dayKey = remembered(4, (day) => createHmac('sha256', config.jwtSecret).update(`linkcard visitor ${day}`).digest())

// Visitors come back many times a day: the day's hashes are remembered (bounded), an HMAC costs more.
const HASHES_MAX = 20_000
let hashesDay = ''
const hashes = new BoundedCache<string, string>(HASHES_MAX)

/** 128 bits of the hash, base64url; null when the address is unknown. */
export function visitorHash(ip: string | null, userAgent: string | null, day: string): string | null {
  if (!ip) return null
  if (day !== hashesDay) {
    hashes.clear()
    hashesDay = day
  }
  const visitor = `${ip}\n${userAgent ?? ''}`
  let hash = hashes.get(visitor)
  if (hash === undefined) {
    hash = createHmac('sha256', dayKey(day)).update(visitor).digest('base64url').slice(0, 22)
    hashes.set(visitor, hash)
  }
  return hash
}
