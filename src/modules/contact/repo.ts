import { db, tables } from '../../platform/db'

export async function insertContactMessage(email: string, message: string) {
  const [row] = await db.insert(tables.contactMessages).values({ email, message }).returning()
  return row
}
