import { config } from '../../platform/config'
import { consumeRate } from '../../platform/counters'
import { AppError, fieldError } from '../../platform/errors'
import { log } from '../../platform/log'
import { sendMail } from '../../platform/mailer'
import { networkOf } from '../../shared/network'
import * as repo from './repo'
import type { ContactInput } from './schema'

const HOUR = 60 * 60 * 1000

export async function sendContactMessage(input: ContactInput, clientIp: string) {
  const rate = await consumeRate(`contact:${networkOf(clientIp)}`, [{ limit: 5, windowMs: HOUR }])
  if (!rate.allowed) throw new AppError('rate_limited', 'Too many messages. Please try again later.', undefined, rate.retryAfter)
  const message = input.message.trim()
  if (!message) throw fieldError('invalid', 'message', 'Please enter a message.')
  const email = input.email.trim().toLowerCase()
  await repo.insertContactMessage(email, message)
  // The message is stored whatever happens to the mail, so nothing a visitor wrote is lost.
  if (config.contactEmail)
    sendMail({ to: config.contactEmail, replyTo: email, subject: `Contact message from ${email}`, text: message }).catch((error) =>
      log.error('contact mail failed', { error }),
    )
}
