// Secrets the service must read back (webhook signing secrets, authenticator secrets) are sealed at
// rest with AES-256-GCM, under a key derived from JWT_SECRET for each purpose: a copy of the
// database alone reveals none of them, and one purpose's key opens nothing of another's.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { config } from './config'

export type Sealer = { seal(secret: string): string; unseal(sealed: string): string }

/** Seals and unseals the secrets of one purpose, e.g. 'webhook endpoint secrets'. */
export function sealerFor(purpose: string): Sealer {
  let key: Buffer | undefined
  const keyOf = () => (key ??= Buffer.from(hkdfSync('sha256', config.jwtSecret, 'linkcard', purpose, 32)))
  return {
    seal(secret) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv)
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
      return ['v1', iv, sealed, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64'))).join('.')
    },
    unseal(sealed) {
      const [, iv, data, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64'))
      const decipher = createDecipheriv('aes-256-gcm', keyOf(), iv!)
      decipher.setAuthTag(tag!)
      return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8')
    },
  }
}
