import { db, kit } from '../../platform/db'
import { contactTables } from './tables'

const { contactMessages } = contactTables(kit)

export async function insertContactMessage(email: string, message: string) {
  const [row] = await db.insert(contactMessages).values({ email, message }).returning()
  return row
}
