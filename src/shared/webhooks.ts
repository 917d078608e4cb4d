// Webhooks: the events an endpoint may ask for, and how deliveries are retried. Messages are
// signed per the Standard Webhooks specification (webhook-id, webhook-timestamp, webhook-signature).
export const WEBHOOK_EVENTS = ['link.created', 'link.updated', 'link.deleted', 'preview.served', 'click', 'quota.reached', 'audit.recorded', 'link.broken', 'link.recovered', 'card.image_broken'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]
/** What "Send test event" sends. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

export const WEBHOOK_EVENT_NAMES: Record<WebhookEvent, string> = {
  'link.created': 'A link was created',
  'link.updated': 'A link was changed, switched on or off',
  'link.deleted': 'A link was deleted',
  'preview.served': 'Previews served to platforms, per link (sent once a minute)',
  click: 'Clicks and QR scans, per link (sent once a minute)',
  'quota.reached': "The month's previews reached 80% or 100% of the plan",
  'audit.recorded': 'A change was written to the audit log (who, what, when, from where)',
  'link.broken': "A link's target stopped answering as it should (an error, a loop, too slow, a sign-in page)",
  'link.recovered': 'A link that was broken answers as it should again',
  'card.image_broken': "A link's card image stopped showing: unreachable, not an image, or against a platform's rules",
}

/** Seconds after each failed attempt before the next: the last attempt is about a day after the first. */
export const WEBHOOK_RETRY_DELAYS_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const
export const WEBHOOK_ENDPOINTS_MAX = 10
export const WEBHOOK_DESCRIPTION_MAX = 200

export const WEBHOOK_MESSAGES = {
  url: 'The endpoint must be an http:// or https:// address on the public internet.',
  credentials: 'The endpoint must not contain a user name or password: they are never sent (messages are signed instead).',
  specialUse: 'The endpoint must be on the public internet: localhost, .local, .internal, .test, example.com and other special-use names are not.',
  events: 'Choose at least one event.',
  unknownEvent: (event: string) => `There is no event ${JSON.stringify(event.slice(0, 40))}; the events are ${WEBHOOK_EVENTS.join(', ')}.`,
  tooMany: `An account may have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
  notFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Delivery not found.',
  description: `The description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters.`,
} as const

/** What is wrong with an endpoint's address whatever the server's settings, or undefined: the form and the server ask alike. */
export function webhookUrlProblem(value: string): string | undefined {
  const text = value.trim()
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return WEBHOOK_MESSAGES.url
  }
  if (!/^https?:\/\//i.test(text)) return WEBHOOK_MESSAGES.url
  if (url.username || url.password) return WEBHOOK_MESSAGES.credentials
  return undefined
}
