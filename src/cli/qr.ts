// `linkcard qr <id>`: a link's QR code, PNG or SVG, to a file or standard output.
import { writeFileSync } from 'node:fs'
import { answered } from './api'
import { CliError, EXIT, usageError, wholeNumber } from './failure'
import { json } from './output'
import type { Context } from './spec'

export async function downloadQr(context: Context) {
  const { io, flags } = context
  const output = flags.output as string | undefined
  const format = (flags.format as 'png' | 'svg' | undefined) ?? (output?.toLowerCase().endsWith('.svg') ? 'svg' : 'png')
  if (!output && format === 'png' && io.isTerminal) throw usageError('A PNG would garble the terminal: give -o <file>, or pipe it.', 'qr')
  const size = wholeNumber(flags, 'size', 'qr', [1, 10_000])
  const margin = wholeNumber(flags, 'margin', 'qr', [0, 100])
  const api = context.api()
  const { data: link } = await answered(api, api.client.GET('/api/link/{id}', { params: { path: { id: context.args[0]! } } }))
  // The QR code's own address names the link's path on its domain; it is fetched through the same
  // Linkcard the key speaks to, which may be reached by another address than the public one.
  const [, path] = /\/api\/qr\/([^/]+)$/.exec(new URL(link.qrCodeUrl).pathname) ?? []
  if (!path) throw new CliError(EXIT.failed, `The link's QR code address is not one this command knows: ${link.qrCodeUrl}`)
  const query = {
    format,
    size,
    margin,
    foreground: flags.foreground as string | undefined,
    background: flags.background as string | undefined,
    errorCorrection: flags['error-correction'] as 'L' | 'M' | 'Q' | 'H' | undefined,
    logo: flags.logo as string | undefined,
  }
  const { data } = await answered(api, api.client.GET('/api/qr/{path}', { params: { path: { path: decodeURIComponent(path) }, query }, parseAs: 'arrayBuffer' }))
  const bytes = new Uint8Array(data as unknown as ArrayBuffer)
  if (!output) return io.bytes(bytes)
  writeFileSync(output, bytes)
  io.out(context.isJson ? json({ id: link.id, url: link.url, file: output, format, bytes: bytes.length }) : `Wrote the QR code of ${link.url} to ${output} (${format.toUpperCase()}, ${bytes.length} bytes).`)
}
