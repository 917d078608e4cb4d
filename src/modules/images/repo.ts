import { eq } from 'drizzle-orm'
import { db, kit } from '../../platform/db'
import { imageTables } from './tables'

const { images } = imageTables(kit)

type ImageRow = typeof images.$inferSelect
export type ImageFacts = Omit<ImageRow, 'data'>

const FACTS = {
  id: images.id,
  accountId: images.accountId,
  purpose: images.purpose,
  contentType: images.contentType,
  width: images.width,
  height: images.height,
  size: images.size,
  createdAt: images.createdAt,
}

/** Stores the image; one already stored under its id (the same upload) is kept as it is. */
export async function insertImage(values: typeof images.$inferInsert) {
  await db.insert(images).values(values).onConflictDoNothing()
}

export async function findImage(id: string): Promise<ImageFacts | undefined> {
  const [row] = await db.select(FACTS).from(images).where(eq(images.id, id)).limit(1)
  return row
}

/** The bytes kept in the database, or null when another store keeps them. */
export async function imageData(id: string): Promise<Buffer | null> {
  const [row] = await db.select({ data: images.data }).from(images).where(eq(images.id, id)).limit(1)
  return row?.data ?? null
}
