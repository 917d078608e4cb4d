// CSV for spreadsheets. A cell a spreadsheet would run as a formula (starting with = + - @, a tab
// or a carriage return) gets a leading apostrophe; cells with commas, quotes or line breaks are
// quoted, with quotes doubled (RFC 4180).
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
