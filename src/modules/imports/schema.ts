import { t } from 'elysia'
import { oneOf } from '../../platform/schema'
import { IMPORT_FIELDS, IMPORT_PREVIEW_BYTES, IMPORT_PROBLEMS_SHOWN, IMPORT_SOURCES, type ImportField } from '../../shared/imports'
import { LinkInput } from '../links/schema'

const Mapping = t.Partial(t.Object(Object.fromEntries(IMPORT_FIELDS.map((field) => [field, t.String({ maxLength: 500 })])) as Record<ImportField, ReturnType<typeof t.String>>), {
  description: 'The column (by its name in the first row) that fills each link field; targetUrl is needed to start',
})
const Source = oneOf(IMPORT_SOURCES)

export const ImportPreviewInput = t.Object({
  file: t.String({ maxLength: IMPORT_PREVIEW_BYTES, description: 'The start of the file (a JSON export: its first records)' }),
  source: t.Optional(Source),
  mapping: t.Optional(Mapping),
})

export const ImportPreview = t.Object({
  source: Source,
  columns: t.Array(t.String()),
  mapping: Mapping,
  rows: t.Array(
    t.Object({
      row: t.Integer(),
      link: LinkInput,
      notes: t.Array(t.String()),
      isActive: t.Boolean({ description: 'false: the link comes in switched off (archived, expired or password-protected there)' }),
      history: t.Nullable(t.Object({ createdAt: t.Nullable(t.String()), clicks: t.Nullable(t.Integer()) }), { description: 'When it was made there, and its clicks there' }),
      problem: t.Union([t.String(), t.Null()]),
      aliasTaken: t.Boolean({ description: 'Its short code is taken on its domain, or kept by an earlier row: the link gets a random code (a note says which)' }),
    }),
  ),
  aliasesTaken: t.Integer({ description: 'How many of these rows have aliasTaken' }),
})
export type ImportPreview = typeof ImportPreview.static

export const Import = t.Object({
  id: t.String(),
  source: Source,
  fileName: t.String(),
  status: oneOf(['queued', 'running', 'paused', 'done', 'failed']),
  message: t.Union([t.String(), t.Null()]),
  total: t.Integer(),
  done: t.Integer(),
  created: t.Integer(),
  failed: t.Integer(),
  changed: t.Integer({ description: 'Rows made at another address than the file asked for (a short code taken or not valid here, a domain not yours); counted in created too' }),
  resumeAt: t.Union([t.String(), t.Null()]),
  createdAt: t.String(),
  finishedAt: t.Union([t.String(), t.Null()]),
})
export type Import = typeof Import.static

const ImportProblem = t.Object({
  row: t.Integer({ description: 'Its number in the file: the first link is row 2, after the column names' }),
  alias: t.Union([t.String(), t.Null()], { description: 'The short code the row asked for' }),
  targetUrl: t.String(),
  shortUrl: t.Union([t.String(), t.Null()], { description: 'The link made instead; null when none was made' }),
  outcome: oneOf(['failed', 'changed']),
  reason: t.String(),
})

/** An import with the rows so far that failed or were changed, and why. */
export const ImportResult = t.Object({
  ...Import.properties,
  problems: t.Object({
    total: t.Integer({ description: 'Rows that failed or were changed so far (failed + changed)' }),
    rows: t.Array(ImportProblem, { description: `The first ${IMPORT_PROBLEMS_SHOWN} of them, in file order; the report has them all` }),
  }),
})
export type ImportResult = typeof ImportResult.static
