// Control characters in a request's path, query or body (NUL and the rest of C0, and tabs or line
// breaks outside multi-line fields) are refused before any route sees them: one check for every call.
import { Elysia } from 'elysia'
import { CONTROL_CHARACTERS_MESSAGE, controlCharacterField } from '../shared/text'
import { AppError } from './errors'

export const textInput = new Elysia({ name: 'text-input' }).onTransform({ as: 'global' }, ({ body, params, query }) => {
  // Path and query values too: a NUL reaching PostgreSQL is an error there, not a miss.
  for (const input of [params, query, body]) {
    const field = controlCharacterField(input)
    if (field !== undefined) throw new AppError('invalid', `${field}: ${CONTROL_CHARACTERS_MESSAGE}`, [{ field, message: CONTROL_CHARACTERS_MESSAGE }])
  }
})
