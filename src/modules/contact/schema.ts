import { t } from 'elysia'
import { EMAIL_MAX } from '../../shared/auth-rules'
import { CONTACT_MESSAGE_MAX } from '../../shared/contact'

export const ContactInput = t.Object({
  email: t.String({ format: 'email', maxLength: EMAIL_MAX, error: 'Please enter a valid email address.' }),
  message: t.String({ minLength: 1, maxLength: CONTACT_MESSAGE_MAX, error: `Please enter a message (up to ${CONTACT_MESSAGE_MAX} characters).` }),
})
export type ContactInput = typeof ContactInput.static
