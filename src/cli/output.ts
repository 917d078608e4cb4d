// What a user command prints: JSON for scripts (--json), and for people tables and labelled
// details, with columns aligned and cut to the terminal's width (never when the output is piped,
// where a script may read every character).

/** Where a command writes, and what it knows of the terminal: the process's own, or a test's. */
export type Io = {
  out(text: string): void
  err(text: string): void
  bytes(data: Uint8Array): void
  /** stdout is a terminal (a person reads it). */
  isTerminal: boolean
  /** The terminal's width; undefined when stdout is not one. */
  columns: number | undefined
  /** Standard input whole; from a terminal asked with a `prompt`, one line. */
  stdin(prompt?: string): Promise<string>
}

export function processIo(): Io {
  const isTerminal = process.stdout.isTTY === true
  return {
    out: (text) => void process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => void process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    bytes: (data) => void process.stdout.write(data),
    isTerminal,
    columns: isTerminal ? process.stdout.columns : undefined,
    stdin: async (prompt) => {
      if (!prompt || !process.stdin.isTTY) return new Response(Bun.stdin.stream()).text()
      process.stderr.write(prompt)
      for await (const line of console) return line
      return ''
    },
  }
}

export const json = (value: unknown) => JSON.stringify(value, null, 2)

// A column is cut no narrower than this (with its ellipsis).
const NARROWEST = 14
const GAP = '  '

const cut = (text: string, width: number) => ([...text].length <= width ? text : `${[...text].slice(0, width - 1).join('')}…`)
const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - [...text].length))
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ')

/**
 * Rows under a header, columns aligned. Past `width`, the widest of the `flexible` columns is cut
 * first (titles, targets), so ids and short URLs stay whole to be copied; when even that is not
 * enough, the `optional` columns go, the last named first.
 */
export function table(header: string[], rows: string[][], { width, flexible = [], optional = [] }: { width?: number; flexible?: number[]; optional?: number[] } = {}): string {
  const cells = [header, ...rows].map((row) => row.map(oneLine))
  const widths = header.map((_, column) => Math.max(...cells.map((row) => [...(row[column] ?? '')].length)))
  const total = () => widths.reduce((sum, each) => sum + each, 0) + GAP.length * (widths.length - 1)
  if (width) {
    const narrowest = widths.map((each, column) => (flexible.includes(column) ? Math.min(each, NARROWEST) : each))
    const dropped = optional.at(-1)
    if (dropped !== undefined && narrowest.reduce((sum, each) => sum + each, 0) + GAP.length * (widths.length - 1) > width) {
      const keep = (row: string[]) => row.filter((_, column) => column !== dropped)
      const shift = (columns: number[]) => columns.filter((column) => column !== dropped).map((column) => (column > dropped ? column - 1 : column))
      return table(keep(header), rows.map(keep), { width, flexible: shift(flexible), optional: shift(optional.slice(0, -1)) })
    }
    // A character at a time off the widest, so the flexible columns end up cut evenly.
    for (let excess = total() - width; excess > 0; excess--) {
      const widest = flexible.filter((column) => widths[column]! > NARROWEST).sort((a, b) => widths[b]! - widths[a]!)[0]
      if (widest === undefined) break
      widths[widest]! -= 1
    }
  }
  return cells
    .map((row) => row.map((cell, column) => (column === row.length - 1 ? cut(cell, widths[column]!) : pad(cut(cell, widths[column]!), widths[column]!))).join(GAP).trimEnd())
    .join('\n')
}

/** Labelled values, one a line, the values aligned; empty values are left out. */
export function details(pairs: [label: string, value: string | number | null | undefined][]) {
  const shown = pairs.filter((pair): pair is [string, string | number] => pair[1] !== null && pair[1] !== undefined && pair[1] !== '')
  const width = Math.max(...shown.map(([label]) => label.length))
  return shown.map(([label, value]) => `${pad(label, width)}${GAP}${value}`).join('\n')
}

/** A date-time as people read it: the day and the minute, in UTC. */
export const when = (iso: string | null | undefined) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '')
