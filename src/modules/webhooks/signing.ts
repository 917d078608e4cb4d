// Standard Webhooks signatures (HMAC-SHA256 of "id.timestamp.body" under the endpoint's secret),
// and the secrets, sealed at rest (platform/sealing.ts).
import { createHmac, randomBytes } from 'node:crypto'
import { sealerFor } from '../../platform/sealing'

const SECRET_PREFIX = 'whsec_'

/** A new endpoint's secret: whsec_ and 24 random bytes in base64, as Standard Webhooks libraries take it. */
export const newSecret = () => `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`

/** The headers that let a receiver check a message came from here, unchanged, and recently. */
export function signatureHeaders(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` }
}

// Stored sealed; a sealed secret of an earlier release opens with the same key.
export const { seal, unseal } = sealerFor('webhook endpoint secrets')
