import { t } from 'elysia'
import { oneOf } from '../../platform/schema'
import { IMPORT_FIELDS, IMPORT_PREVIEW_BYTES, IMPORT_SOURCES, type ImportField } from '../../shared/imports'
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
    }),
  ),
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
  resumeAt: t.Union([t.String(), t.Null()]),
  createdAt: t.String(),
  finishedAt: t.Union([t.String(), t.Null()]),
})
export type Import = typeof Import.static

export const ImportFailures = t.Object({
  total: t.Integer({ description: 'Rows that failed so far' }),
  rows: t.Array(t.Object({ row: t.Integer(), targetUrl: t.String(), reason: t.String() }), { description: 'The first of them, in file order' }),
})
export type ImportFailures = typeof ImportFailures.static
