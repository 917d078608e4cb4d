// API keys: made from a cryptographic source, stored only as a SHA-256 hash, shown in full once.
// Verified keys are remembered briefly (a rolled key no longer than it works); a revocation or a
// roll reaches every instance through the bus.
// Last-used times are kept in memory and written at most once a minute per key.
import { createHash, randomInt } from 'node:crypto'
import { publish, subscribe } from '../../platform/bus'
import { BoundedCache } from '../../platform/cache'
import { consumeRate } from '../../platform/counters'
import { AppError, fieldError } from '../../platform/errors'
import { flushEvery } from '../../platform/lifecycle'
import { singleFlight } from '../../platform/single-flight'
import { log } from '../../platform/log'
import { API_KEY_CREATE_LIMITS, RATE_LIMIT_MESSAGES } from '../../shared/rate-limits'
import {
  API_KEY_DESCRIPTION_MAX,
  API_KEY_MESSAGES,
  API_KEY_NAME_MAX,
  API_KEY_PREFIX,
  API_KEY_RANDOM_LENGTH,
  API_KEY_SCOPES,
  MAX_ACTIVE_API_KEYS,
  type ApiKeyGraceHours,
  type ApiKeyScope,
  maskApiKey,
} from '../../shared/api-keys'
import type { Plan } from '../../shared/domain'
import { secretChange, type Acting } from '../../shared/audit'
import { afterCommit, transaction, type Db } from '../../platform/db'
import { ACCOUNT_CHANGED, type AccountCap, ensureRoom, findAccount } from '../accounts/service'
import { asMemberNow } from '../members/service'
import { actingOf, recordAccountChange } from '../audit/service'
import * as repo from './repo'
import type { ApiKey, ApiKeyInput, CreatedApiKey } from './schema'

/** Who a public-API call acts for: the key's account, the person who made the key, the plan, the key. */
export type ApiKeyOwner = {
  accountId: string
  userId: string | null
  plan: Plan
  keyId: string
  keyName: string
  scopes: readonly ApiKeyScope[] | null
  /** The key by its name, and the network of the call: what the audit log records of its changes (set by the call's check). */
  acting?: Acting
}

const HOUR = 60 * 60_000
const DAY = 24 * HOUR

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
// Keys are lnk_ and at least 32 random characters; anything else is not looked up.
const KEY_PATTERN = /^lnk_[0-9A-Za-z]{32,128}$/

const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex')

function generateKey() {
  let key = API_KEY_PREFIX
  // randomInt draws from the CSPRNG without modulo bias.
  for (let i = 0; i < API_KEY_RANDOM_LENGTH; i++) key += BASE62[randomInt(BASE62.length)]
  return key
}

// ---- last used ------------------------------------------------------------------------------

const WRITE_EVERY_MS = 60_000
const FLUSH_EVERY_MS = 5_000
const FORGET_AFTER_MS = 10 * 60_000

type Use = { usedAt: number; writtenUsedAt: number; writtenAt: number }
const uses = new Map<string, Use>()

/** Notes a call made with the key; the time reaches the database within about a minute. */
export function noteKeyUsed(keyId: string) {
  const use = uses.get(keyId)
  if (use) use.usedAt = Date.now()
  else uses.set(keyId, { usedAt: Date.now(), writtenUsedAt: 0, writtenAt: 0 })
}

/** Writes the last-used times due (all of them when `all`, as at shutdown). */
const flushKeyUses = singleFlight(async (all: boolean = false) => {
  const now = Date.now()
  const due: { id: string; at: Date }[] = []
  for (const [id, use] of uses) {
    if (use.usedAt > use.writtenUsedAt && (all || now - use.writtenAt >= WRITE_EVERY_MS)) due.push({ id, at: new Date(use.usedAt) })
    else if (use.usedAt === use.writtenUsedAt && now - use.usedAt > FORGET_AFTER_MS) uses.delete(id)
  }
  if (due.length === 0) return
  try {
    await repo.writeLastUsed(due)
    for (const { id, at } of due) {
      const use = uses.get(id)
      if (use) Object.assign(use, { writtenUsedAt: at.getTime(), writtenAt: now })
    }
  } catch (error) {
    log.error('writing API key last-used times failed; will retry', { error })
  }
})

/** Writes keys' last-used times now and then, and all that is left when stopped. */
export const startKeyUseFlushing = () => flushEvery(FLUSH_EVERY_MS, flushKeyUses, () => flushKeyUses(true))

// ---- verified keys --------------------------------------------------------------------------

const CACHE_TTL_MS = 60_000
const CACHE_CAPACITY = 10_000
const KEY_REVOKED = 'api-key-revoked'

const verified = new BoundedCache<string, ApiKeyOwner>(CACHE_CAPACITY, CACHE_TTL_MS)
// Bumped by every revocation and roll, so a look-up that raced one is not cached.
let generation = 0

subscribe(KEY_REVOKED, (keyHash) => {
  generation++
  verified.delete(keyHash)
})
// A plan change or a deleted account: forget that account's keys.
subscribe(ACCOUNT_CHANGED, (accountId) => {
  generation++
  verified.deleteWhere((owner) => owner.accountId === accountId)
})

/** The owner of an active key, or undefined for a malformed, unknown, revoked or expired key. */
export async function verifyApiKey(key: string): Promise<ApiKeyOwner | undefined> {
  if (!KEY_PATTERN.test(key)) return undefined
  const keyHash = hashApiKey(key)
  const hit = verified.get(keyHash)
  if (hit) return hit
  const seen = generation
  const row = await repo.findActiveKeyByHash(keyHash, new Date())
  if (!row) return undefined
  const account = await findAccount(row.accountId)
  if (!account) return undefined
  const owner: ApiKeyOwner = { accountId: row.accountId, userId: row.createdBy, plan: account.plan, keyId: row.id, keyName: row.name, scopes: row.scopes }
  // A rolled key is remembered no longer than it works.
  const ttl = row.expiresAt ? Math.min(CACHE_TTL_MS, row.expiresAt.getTime() - Date.now()) : CACHE_TTL_MS
  if (seen === generation && ttl > 0) verified.set(keyHash, owner, ttl)
  return owner
}

// ---- the account's keys ---------------------------------------------------------------------

function toApiKeyJson(row: repo.ApiKeyRow): ApiKey {
  const seenHere = uses.get(row.id)?.usedAt ?? 0
  const stored = row.lastUsedAt?.getTime() ?? 0
  const lastUsed = Math.max(seenHere, stored)
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    scopes: row.scopes ?? [...API_KEY_SCOPES],
    maskedKey: maskApiKey(row.last4),
    lastUsed: lastUsed ? new Date(lastUsed).toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    replacedBy: row.replacedBy,
  }
}

/** The account's keys, newest first, revoked ones included (the screen shows them as 'Revoked'). */
export async function listApiKeys(accountId: string): Promise<ApiKey[]> {
  return (await repo.listApiKeys(accountId)).map(toApiKeyJson)
}

/** Counts a new key against the account's rate of new keys: revoking and creating again must not sidestep the per-key rate limits for ever. */
async function countNewKey(accountId: string) {
  const rate = await consumeRate(`api-key-create:${accountId}`, [
    { limit: API_KEY_CREATE_LIMITS.perHour, windowMs: HOUR },
    { limit: API_KEY_CREATE_LIMITS.perDay, windowMs: DAY },
  ])
  if (!rate.allowed) throw new AppError('rate_limited', RATE_LIMIT_MESSAGES.apiKeysCreated(rate.retryAfter), undefined, rate.retryAfter)
}

type KeyMaker = { accountId: string; userId: string; acting?: Acting }
type KeySettings = Pick<repo.NewApiKeyRow, 'name' | 'description' | 'scopes'>

/** A new key and the row that stores it: its hash, never the key. */
function newKey(creator: KeyMaker, settings: KeySettings) {
  const key = generateKey()
  const values: repo.NewApiKeyRow = {
    accountId: creator.accountId,
    createdBy: creator.userId,
    ...settings,
    keyHash: hashApiKey(key),
    prefix: API_KEY_PREFIX,
    last4: key.slice(-4),
  }
  return { key, values }
}

export async function createApiKey(creator: KeyMaker, input: ApiKeyInput): Promise<CreatedApiKey> {
  const name = input.name.trim()
  if (!name) throw fieldError('invalid', 'name', API_KEY_MESSAGES.nameRequired)
  if (name.length > API_KEY_NAME_MAX) throw fieldError('invalid', 'name', API_KEY_MESSAGES.nameTooLong)
  const description = input.description?.trim() || null
  if (description && description.length > API_KEY_DESCRIPTION_MAX) throw fieldError('invalid', 'description', API_KEY_MESSAGES.descriptionTooLong)
  // Asked early, so a full account's attempt costs it no count of new keys; asked again holding the account.
  if ((await repo.countActiveKeys(creator.accountId)) >= MAX_ACTIVE_API_KEYS) throw new AppError('conflict', API_KEY_MESSAGES.tooManyKeys)
  await countNewKey(creator.accountId)
  // In one order, each once.
  const { key, values } = newKey(creator, { name, description, scopes: API_KEY_SCOPES.filter((scope) => !input.scopes || input.scopes.includes(scope)) })
  const cap: AccountCap = { limit: MAX_ACTIVE_API_KEYS, count: (tx) => repo.countActiveKeys(creator.accountId, tx), refusal: () => new AppError('conflict', API_KEY_MESSAGES.tooManyKeys) }
  // Made while the creator's role still allows it: a demotion racing it revokes it, or refuses it.
  const row = await asMemberNow(creator.accountId, creator.userId, 'integrations:manage', async (tx) => {
    await ensureRoom(cap, tx)
    const row = await repo.insertApiKey(values, tx)
    await recordAccountChange(tx, actingOf(creator), { accountId: creator.accountId, action: 'key.created', target: keyTarget(row), changes: { scopes: { from: null, to: row.scopes ?? [...API_KEY_SCOPES] } } })
    return row
  })
  return { ...toApiKeyJson(row), key }
}

/** Why a key cannot be rolled (409), or undefined when it can. */
function rollRefusal(row: repo.ApiKeyRow) {
  if (row.revokedAt) return new AppError('conflict', API_KEY_MESSAGES.rollRevoked)
  if (row.replacedBy) return new AppError('conflict', API_KEY_MESSAGES.alreadyRolled)
  return undefined
}

/**
 * Replaces one of the account's keys with a new one of the same name, description and scopes; the
 * old key works on for `graceHours` (none: it stops at once). A key is rolled once: of rolls racing
 * each other, one makes a key and the others are refused. The new key takes the old one's place in
 * the count of active keys.
 */
export async function rollApiKey(roller: KeyMaker, id: string, graceHours: ApiKeyGraceHours = 0): Promise<CreatedApiKey> {
  const found = await repo.findApiKey(roller.accountId, id)
  if (!found) throw new AppError('not_found', API_KEY_MESSAGES.notFound)
  const refusal = rollRefusal(found)
  if (refusal) throw refusal
  await countNewKey(roller.accountId)
  const { key, values } = newKey(roller, { name: found.name, description: found.description, scopes: found.scopes })
  const row = await asMemberNow(roller.accountId, roller.userId, 'integrations:manage', async (tx) => {
    const row = await repo.insertApiKey(values, tx)
    const old = await repo.markKeyRolled(roller.accountId, id, { replacedBy: row.id, expiresAt: new Date(Date.now() + graceHours * HOUR) }, tx)
    if (!old) {
      // Revoked or rolled since it was read: the insert is undone with the transaction.
      const now = await repo.findApiKey(roller.accountId, id, tx)
      throw (now && rollRefusal(now)) ?? new AppError('not_found', API_KEY_MESSAGES.notFound)
    }
    // Told once committed, so no instance keeps the old key cached past its end.
    afterCommit(tx, () => publish(KEY_REVOKED, old.keyHash))
    await recordAccountChange(tx, actingOf(roller), { accountId: roller.accountId, action: 'key.rolled', target: keyTarget(old), changes: { key: secretChange(true, true), expiresAt: { from: null, to: old.expiresAt!.toISOString() }, replacedBy: { from: null, to: row.id } } })
    return row
  })
  return { ...toApiKeyJson(row), key }
}

/** Revokes one of the account's keys at once, on every instance. Revoking a revoked key changes nothing. */
export async function revokeApiKey(revoker: { accountId: string; acting?: Acting }, id: string) {
  const { accountId } = revoker
  const row = await transaction(async (tx) => {
    const row = await repo.revokeApiKey(accountId, id, new Date(), tx)
    if (row) await recordAccountChange(tx, actingOf(revoker), { accountId, action: 'key.revoked', target: keyTarget(row), changes: { revokedAt: { from: null, to: row.revokedAt!.toISOString() } } })
    return row
  })
  if (row) {
    publish(KEY_REVOKED, row.keyHash)
    return
  }
  if (!(await repo.findApiKey(accountId, id))) throw new AppError('not_found', API_KEY_MESSAGES.notFound)
}

/** A key as the audit log names it: by its name and the end of its key, never the key. */
const keyTarget = (row: repo.ApiKeyRow) => ({ type: 'key', id: row.id, name: `${row.name} (${maskApiKey(row.last4)})` })

/** Revokes every key a user created (in one account, when given), on every instance: an account taken back from them, or they left it. */
export async function revokeApiKeysCreatedBy(userId: string, accountId?: string, tx?: Db) {
  const rows = await repo.revokeKeysCreatedBy(userId, new Date(), accountId, tx)
  // Told once committed: a key read before then would be cached as still good.
  afterCommit(tx, () => {
    for (const row of rows) publish(KEY_REVOKED, row.keyHash)
  })
}
