// An import's whole file read on the import thread (read-worker.ts): the request's JSON body
// parsed and checked, the file's rows read, counted against the limits and turned into the links
// to make, in chunks of JSON text handed back as one buffer, so the request thread only stores them.
import { AppError, fieldError } from '../../platform/errors'
import { IMPORT_FIELDS, IMPORT_FILE_MAX_BYTES, IMPORT_MESSAGES, IMPORT_ROWS_MAX, IMPORT_SOURCES, notALinkFile, type ImportMapping, type ImportSource } from '../../shared/imports'
import { hasControlCharacters } from '../../shared/text'
import { checkedMapping, itemOf, readTable } from './formats'

// A chunk is worked through in one go by an instance: at most this many rows, or about this much JSON.
const CHUNK_ROWS = 1000
const CHUNK_CHARS = 512 * 1024
const NAME_MAX = 500

export type ReadInput = { body: Uint8Array<ArrayBuffer>; linksPerDay: number }
export type ReadFile = { source: ImportSource; fileName: string; mapping: ImportMapping; total: number; chunks: Uint8Array<ArrayBuffer>; ends: number[] }
export type ReadOutput = { ok: true; file: ReadFile } | { ok: false; kind: AppError['kind']; message: string; errors?: AppError['errors'] }

/** The body's fields: `file` (the whole file's text), `source`, `fileName` and `mapping` (field → column). */
function checkedInput(body: unknown) {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  const { file, source, fileName, mapping } = fields
  if (typeof file !== 'string') throw fieldError('invalid', 'file', 'file must be the text of the file.')
  if (file.length > IMPORT_FILE_MAX_BYTES) throw fieldError('too_large', 'file', IMPORT_MESSAGES.tooLarge)
  // What every other body gets from the text-input check, which this body (parsed here) skips.
  const refusal = notALinkFile(file) ?? (hasControlCharacters(file, true) ? IMPORT_MESSAGES.notAFile('a binary file', IMPORT_MESSAGES.exportAsCsv) : undefined)
  if (refusal) throw fieldError('invalid', 'file', refusal)
  if (typeof source !== 'string' || !(IMPORT_SOURCES as readonly string[]).includes(source)) throw fieldError('invalid', 'source', `source must be one of ${IMPORT_SOURCES.join(', ')}.`)
  if (typeof fileName !== 'string' || fileName.length > NAME_MAX || hasControlCharacters(fileName)) throw fieldError('invalid', 'fileName', `fileName must be text of at most ${NAME_MAX} characters.`)
  if (!mapping || typeof mapping !== 'object' || Array.isArray(mapping)) throw fieldError('invalid', 'mapping', 'mapping must name a column for each field it fills.')
  const columns: ImportMapping = {}
  for (const field of IMPORT_FIELDS) {
    const column = (mapping as Record<string, unknown>)[field]
    if (column === undefined) continue
    if (typeof column !== 'string' || column.length > NAME_MAX || hasControlCharacters(column)) throw fieldError('invalid', `mapping.${field}`, `mapping.${field} must be a column's name.`)
    columns[field] = column
  }
  return { file, source: source as ImportSource, fileName, mapping: columns }
}

function readFile({ body, linksPerDay }: ReadInput): ReadFile {
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(body))
  } catch {
    throw new AppError('invalid', 'Malformed request body.')
  }
  const input = checkedInput(json)
  const table = readTable(input.file)
  if (table.rows.length === 0) throw fieldError('invalid', 'file', IMPORT_MESSAGES.empty)
  if (table.rows.length > IMPORT_ROWS_MAX) throw fieldError('invalid', 'file', IMPORT_MESSAGES.tooManyRows)
  if (table.rows.length > linksPerDay) throw fieldError('invalid', 'file', IMPORT_MESSAGES.overPlan(linksPerDay))
  const mapping = checkedMapping(input.mapping, table.columns)
  const encoder = new TextEncoder()
  const parts: Uint8Array[] = []
  const ends: number[] = []
  let size = 0
  let items: string[] = []
  let chars = 0
  const close = () => {
    const chunk = encoder.encode(`[${items.join(',')}]`)
    parts.push(chunk)
    size += chunk.byteLength
    ends.push(size)
    items = []
    chars = 0
  }
  const now = Date.now()
  for (const [index, row] of table.rows.entries()) {
    const item = JSON.stringify(itemOf(row, table.columns, mapping, index + 2, now))
    items.push(item)
    chars += item.length
    if (items.length >= CHUNK_ROWS || chars >= CHUNK_CHARS) close()
  }
  if (items.length > 0) close()
  const chunks = new Uint8Array(size)
  let at = 0
  for (const part of parts) {
    chunks.set(part, at)
    at += part.byteLength
  }
  return { source: input.source, fileName: input.fileName, mapping, total: table.rows.length, chunks, ends }
}

/** Reads an import's body, or answers why it is refused (an AppError's kind, message and fields). */
export function readImport(input: ReadInput): ReadOutput {
  try {
    return { ok: true, file: readFile(input) }
  } catch (error) {
    if (error instanceof AppError) return { ok: false, kind: error.kind, message: error.message, errors: error.errors }
    throw error
  }
}
