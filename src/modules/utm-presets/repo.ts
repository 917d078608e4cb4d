import { and, asc, count, eq, sql } from 'drizzle-orm'
import { db, type Db, isPostgres, kit } from '../../platform/db'
import { utmPresetTables } from './tables'

const { utmPresets } = utmPresetTables(kit)

export type UtmPresetRow = typeof utmPresets.$inferSelect
type Columns = Partial<Pick<UtmPresetRow, 'name' | 'nameKey' | 'source' | 'medium' | 'campaign' | 'term' | 'content'>>

/** The account's presets by name. */
export function listUtmPresets(accountId: string) {
  return db.select().from(utmPresets).where(eq(utmPresets.accountId, accountId)).orderBy(asc(utmPresets.nameKey))
}

export async function countUtmPresets(accountId: string, tx: Db = db) {
  const [{ total }] = await tx.select({ total: count() }).from(utmPresets).where(eq(utmPresets.accountId, accountId))
  return Number(total)
}

export async function insertUtmPreset(values: typeof utmPresets.$inferInsert, tx: Db = db) {
  const [row] = await tx.insert(utmPresets).values(values).returning()
  return row
}

export async function updateUtmPreset(accountId: string, id: string, changes: Columns) {
  const [row] = await db
    .update(utmPresets)
    .set(changes)
    .where(and(eq(utmPresets.accountId, accountId), eq(utmPresets.id, id)))
    .returning()
  return row
}

export async function findUtmPreset(accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(utmPresets)
    .where(and(eq(utmPresets.accountId, accountId), eq(utmPresets.id, id)))
    .limit(1)
  return row
}

export async function deleteUtmPreset(accountId: string, id: string) {
  const [row] = await db
    .delete(utmPresets)
    .where(and(eq(utmPresets.accountId, accountId), eq(utmPresets.id, id)))
    .returning({ id: utmPresets.id })
  return row
}

/** Presets whose names hold a character outside printable ASCII: the only ones Unicode rules key anew. */
export function presetsBeyondAscii(tx: Db) {
  const beyondAscii = isPostgres ? sql`${utmPresets.name} ~ '[^ -~]'` : sql`${utmPresets.name} glob '*[^ -~]*'`
  return tx.select().from(utmPresets).where(beyondAscii).orderBy(asc(utmPresets.createdAt), asc(utmPresets.id))
}

/** Gives a preset a new key unless another of its account's has it: false then. */
export async function setPresetKeyWhereFree(row: UtmPresetRow, nameKey: string, tx: Db) {
  const [taken] = await tx
    .select({ id: utmPresets.id })
    .from(utmPresets)
    .where(and(eq(utmPresets.accountId, row.accountId), eq(utmPresets.nameKey, nameKey)))
  if (taken) return false
  await tx.update(utmPresets).set({ nameKey }).where(eq(utmPresets.id, row.id))
  return true
}
