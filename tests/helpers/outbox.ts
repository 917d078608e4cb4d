// Reads the mail a server without SMTP wrote to DATA_DIR/outbox.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type OutboxMail = { file: string; to: string; subject: string; text: string }

function decodeQuotedPrintable(body: string) {
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
}

export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = join(dataDir, 'outbox')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8')
      const [head, ...rest] = raw.split(/\r?\n\r?\n/)
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? ''
      const body = rest.join('\n\n')
      const encoding = header('Content-Transfer-Encoding').toLowerCase()
      const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body
      return { file, to: header('To'), subject: header('Subject'), text }
    })
}

/** The reset link in the newest reset mail to `email` (the sign-up's confirmation may be written after it). */
export function resetLinkFor(dataDir: string, email: string): string | undefined {
  const mail = readOutbox(dataDir)
    .filter((m) => m.to.toLowerCase().includes(email.toLowerCase()) && /reset-password\?token=/.test(m.text))
    .at(-1)
  return mail && /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0]
}

/** The confirmation link (address confirmation or change) in the newest such mail to `email`. */
export function confirmLinkFor(dataDir: string, email: string): string | undefined {
  const mail = readOutbox(dataDir)
    .filter((m) => m.to.toLowerCase().includes(email.toLowerCase()) && /verify-email\?token=/.test(m.text))
    .at(-1)
  return mail && /https?:\/\/\S+\/verify-email\?token=[\w.-]+/.exec(mail.text)?.[0]
}

/** The token of the newest invitation mailed to `email`. */
export function invitationTokenFor(dataDir: string, email: string): string | undefined {
  const mail = readOutbox(dataDir)
    .filter((m) => m.to.toLowerCase().includes(email.toLowerCase()) && /\/invite\?token=/.test(m.text))
    .at(-1)
  return mail && /\/invite\?token=([\w-]+)/.exec(mail.text)?.[1]
}

/** Polls the outbox until `find` answers something (mail is sent in the background). */
export async function waitForMail<T>(find: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const found = find()
    if (found !== undefined) return found
    if (Date.now() > until) throw new Error('no such mail arrived')
    await Bun.sleep(20)
  }
}
