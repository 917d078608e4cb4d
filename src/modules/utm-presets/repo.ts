import { and, asc, count, eq } from 'drizzle-orm'
import { db, kit } from '../../platform/db'
import { utmPresetTables } from './tables'

const { utmPresets } = utmPresetTables(kit)

export type UtmPresetRow = typeof utmPresets.$inferSelect
type Columns = Partial<Pick<UtmPresetRow, 'name' | 'nameKey' | 'source' | 'medium' | 'campaign' | 'term' | 'content'>>

/** The account's presets by name. */
export function listUtmPresets(accountId: string) {
  return db.select().from(utmPresets).where(eq(utmPresets.accountId, accountId)).orderBy(asc(utmPresets.nameKey))
}

export async function countUtmPresets(accountId: string) {
  const [{ total }] = await db.select({ total: count() }).from(utmPresets).where(eq(utmPresets.accountId, accountId))
  return Number(total)
}

export async function insertUtmPreset(values: typeof utmPresets.$inferInsert) {
  const [row] = await db.insert(utmPresets).values(values).returning()
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
