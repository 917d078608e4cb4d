// Standard Webhooks signatures (HMAC-SHA256 of "id.timestamp.body" under the endpoint's secret),
// and the secrets sealed at rest with AES-256-GCM under a key derived from JWT_SECRET.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { config } from '../../platform/config'

const SECRET_PREFIX = 'whsec_'

/** A new endpoint's secret: whsec_ and 24 random bytes in base64, as Standard Webhooks libraries take it. */
export const newSecret = () => `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`

/** The headers that let a receiver check a message came from here, unchanged, and recently. */
export function signatureHeaders(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` }
}

let sealingKey: Buffer | undefined
const keyOf = () => (sealingKey ??= Buffer.from(hkdfSync('sha256', config.jwtSecret, 'linkcard', 'webhook endpoint secrets', 32)))

export function seal(secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(), iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return ['v1', iv, sealed, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64'))).join('.')
}

export function unseal(sealed: string): string {
  const [, iv, data, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64'))
  const decipher = createDecipheriv('aes-256-gcm', keyOf(), iv!)
  decipher.setAuthTag(tag!)
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8')
}
