// Safe retries of creates (the IETF httpapi Idempotency-Key draft): a call sent again with the same
// key and body within a day answers what the first answered, and makes nothing new; the same key
// with another body is 422; while the first is still running, 409. Keys are the account's own, per
// operation, and the rows that hold them make this hold across instances.
import { createHash } from 'node:crypto'
import { AppError } from '../../platform/errors'
import { log } from '../../platform/log'
import * as repo from './repo'

const KEPT_MS = 24 * 60 * 60_000
// A first call that has run this long stopped answering (its instance went down): a retry runs anew.
const STALE_RUNNING_MS = 5 * 60_000
const SWEEP_EVERY_MS = 60_000
const KEY_MAX = 255

const IDEMPOTENCY_MESSAGES = {
  invalidKey: `Idempotency-Key must be 1 to ${KEY_MAX} printable ASCII characters.`,
  otherBody: 'This Idempotency-Key was used with another request body in the last 24 hours. Send a new key for a new request.',
  stillRunning: 'A request with this Idempotency-Key is still being processed. Retry once it has answered.',
} as const

export type Answer<T> = { status: number; body: T }

/** The key as sent: a plain token, or the draft's Structured Field string ("…"); 400 when it is neither. */
function keyOf(header: string) {
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(header)
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : header
  if (key.length === 0 || key.length > KEY_MAX || !/^[\x20-\x7e]+$/.test(key)) {
    throw new AppError('invalid', IDEMPOTENCY_MESSAGES.invalidKey, [{ field: 'Idempotency-Key', message: IDEMPOTENCY_MESSAGES.invalidKey }])
  }
  return key
}

/** JSON with every object's keys sorted: the same body, however its fields were ordered. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, field]) => field !== undefined)
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

let sweptAt = 0
function sweepExpired(now: Date) {
  if (now.getTime() - sweptAt < SWEEP_EVERY_MS) return
  sweptAt = now.getTime()
  repo.deleteExpiredKeys(now).catch((error) => log.warn('clearing expired idempotency keys failed', { error }))
}

/**
 * Runs `run` once for the account's `operation` with this `Idempotency-Key` header and `body`: the
 * first call runs it and keeps its answer; a repeat answers that again (`replayed`). Without a key,
 * it just runs. A call that fails keeps nothing, so its retry runs again.
 */
export async function idempotently<T>(accountId: string, operation: string, header: string | null | undefined, body: unknown, run: () => Promise<Answer<T>>): Promise<Answer<T> & { replayed: boolean }> {
  if (header === undefined || header === null) return { ...(await run()), replayed: false }
  const of = { accountId, operation, key: keyOf(header) }
  const fingerprint = createHash('sha256').update(canonicalJson(body)).digest('hex')
  const now = new Date()
  sweepExpired(now)

  let claimed = await repo.claimKey({ ...of, fingerprint, startedAt: now, expiresAt: new Date(now.getTime() + KEPT_MS) })
  if (!claimed) {
    const row = await repo.findKey(of)
    if (!row || row.expiresAt <= now) {
      // Gone or past its day since the claim failed: the key is free again.
      if (row) await repo.releaseKey(of)
      claimed = await repo.claimKey({ ...of, fingerprint, startedAt: now, expiresAt: new Date(now.getTime() + KEPT_MS) })
      if (!claimed) throw new AppError('conflict', IDEMPOTENCY_MESSAGES.stillRunning, undefined, 1)
    } else if (row.fingerprint !== fingerprint) {
      throw new AppError('unprocessable', IDEMPOTENCY_MESSAGES.otherBody, [{ field: 'Idempotency-Key', message: IDEMPOTENCY_MESSAGES.otherBody }])
    } else if (row.status !== null && row.answer !== null) {
      return { status: row.status, body: JSON.parse(row.answer) as T, replayed: true }
    } else if (now.getTime() - row.startedAt.getTime() < STALE_RUNNING_MS || !(await repo.retakeKey(of, row.startedAt, now))) {
      throw new AppError('conflict', IDEMPOTENCY_MESSAGES.stillRunning, undefined, 1)
    }
  }

  let answer: Answer<T>
  try {
    answer = await run()
  } catch (error) {
    await repo.releaseKey(of).catch((release) => log.warn('releasing an idempotency key failed', { error: release }))
    throw error
  }
  await repo.finishKey(of, answer.status, JSON.stringify(answer.body))
  return { ...answer, replayed: false }
}
