// Files to download, streamed as they are made, and CSV for spreadsheets. A CSV cell a spreadsheet
// would run as a formula (starting with = + - @, a tab or a carriage return) gets a leading
// apostrophe; cells with commas, quotes or line breaks are quoted, with quotes doubled (RFC 4180).
import { yieldToLoop } from './slices'

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One CSV record, ending in CRLF. */
export const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`

// A piece of the file sent at once: made from as many chunks as fit in these bytes and this time.
const PIECE_CHARS = 64 * 1024
const PIECE_MS = 5

/**
 * A file download streamed as its text is made, so a large export never sits whole in memory. The
 * chunks (a line, a page of links) are sent a piece of a few milliseconds' work at a time, and the
 * event loop is let go between pieces: a client that reads as fast as it is sent would otherwise
 * keep it for the whole file.
 */
export function downloadResponse(filename: string, type: string, chunks: AsyncIterable<string>) {
  const encoder = new TextEncoder()
  const iterator = chunks[Symbol.asyncIterator]()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await yieldToLoop()
      const started = performance.now()
      let piece = ''
      for (;;) {
        const next = await iterator.next()
        if (next.done) {
          if (piece) controller.enqueue(encoder.encode(piece))
          controller.close()
          return
        }
        piece += next.value
        if (piece.length >= PIECE_CHARS || performance.now() - started >= PIECE_MS) break
      }
      controller.enqueue(encoder.encode(piece))
    },
    async cancel() {
      await iterator.return?.()
    },
  })
  return new Response(body, {
    headers: {
      'content-type': `${type}; charset=utf-8`,
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  })
}
