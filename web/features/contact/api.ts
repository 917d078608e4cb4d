import type { ContactInput } from '../../../src/modules/contact/schema'
import { api } from '../../lib/api'

/** POST /contact; any non-ok answer throws (the body is not read). */
export async function sendContactMessage(input: ContactInput) {
  await api.post('/contact', input)
}
