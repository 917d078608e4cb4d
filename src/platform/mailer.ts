// Outgoing mail. With SMTP_URL it is sent; without, it is written to DATA_DIR/outbox as an .eml
// file and logged with the links it carries in full, so a self-hoster without a mail server can
// still confirm an address or reset a password by copying the link from the log.
import type { Transporter } from 'nodemailer'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { config } from './config'
import { log } from './log'

export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string }

const outbox = join(config.dataDir, 'outbox')
let transport: Promise<Transporter> | undefined
// Loaded with the first mail, not at start.
const transporter = () =>
  (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
    config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  ))

export async function sendMail(mail: Mail): Promise<void> {
  const info = await (await transporter()).sendMail({ from: config.mailFrom, ...mail })
  if (config.smtpUrl) {
    log.info('mail sent', { to: mail.to, subject: mail.subject })
    return
  }
  mkdirSync(outbox, { recursive: true })
  const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.eml`)
  writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 })
  // The .eml file is quoted-printable, where a long link cannot be copied whole: the log line carries them as they are.
  const links = mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? []
  log.info('mail written to outbox', { to: mail.to, subject: mail.subject, file, links })
}
