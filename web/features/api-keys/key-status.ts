// Where a key stands: in use, on its way out after a roll, or no longer working.
import type { ApiKey } from './api'

export type KeyStatus = 'active' | 'ending' | 'rolled' | 'revoked'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export function keyStatus(key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now = Date.now()): KeyStatus {
  if (key.revokedAt) return 'revoked'
  if (!key.expiresAt) return 'active'
  return Date.parse(key.expiresAt) > now ? 'ending' : 'rolled'
}

/** Whether calls may still be made with the key. */
export const keyWorks = (key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now = Date.now()) => ['active', 'ending'].includes(keyStatus(key, now))

/** The time left of a rolled key, rounded down: "Expires in 23 h" just after a 24-hour roll. */
export function expiresIn(expiresAt: string, now = Date.now()): string {
  const left = Math.max(0, Date.parse(expiresAt) - now)
  if (left < HOUR) return `Expires in ${Math.max(1, Math.floor(left / MINUTE))} min`
  if (left < 2 * DAY) return `Expires in ${Math.floor(left / HOUR)} h`
  const hours = Math.floor((left % DAY) / HOUR)
  return `Expires in ${Math.floor(left / DAY)} d${hours ? ` ${hours} h` : ''}`
}
