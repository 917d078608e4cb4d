// Files to download, streamed as they are made, and CSV for spreadsheets. A CSV cell a spreadsheet
// would run as a formula (starting with = + - @, a tab or a carriage return) gets a leading
// apostrophe; cells with commas, quotes or line breaks are quoted, with quotes doubled (RFC 4180).
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

/** A file download streamed as its text is made, so a large export never sits whole in memory. */
export function downloadResponse(filename: string, type: string, chunks: AsyncIterable<string>) {
  const encoder = new TextEncoder()
  const iterator = chunks[Symbol.asyncIterator]()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
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
