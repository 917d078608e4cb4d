import { Elysia, t } from 'elysia'
import { downloadResponse } from '../../platform/downloads'
import { bodyAsRead } from '../../platform/http'
import { oneOf } from '../../platform/schema'
import { auth } from '../auth/plugin'
import { Import, ImportPreview, ImportPreviewInput, ImportResult } from './schema'
import { getImport, importReport, listImports, previewImport, startImport } from './service'

const tags = ['Imports (app)']
const IdParams = t.Object({ id: t.String() })

export const importRoutes = new Elysia({ prefix: '/imports' })
  .use(auth)
  .get('/', ({ user }) => listImports(user), { session: true, response: t.Array(Import), detail: { summary: "The account's latest imports", tags, hide: true } })
  .post('/preview', ({ user, body }) => previewImport(user, body), {
    session: 'links:write',
    body: ImportPreviewInput,
    response: ImportPreview,
    detail: { summary: 'The first rows of a file as they would be imported', tags, hide: true },
  })
  .post(
    '/',
    async ({ user, request, set }) => {
      // The body (ImportInput, JSON) is parsed on the import thread: tens of megabytes would hold the event loop.
      const started = await startImport(user, bodyAsRead(request))
      set.status = 202
      return started
    },
    { session: 'links:write', parse: 'none', response: { 202: Import }, detail: { summary: 'Start an import', tags, hide: true } },
  )
  .get('/:id', ({ user, params }) => getImport(user, params.id), {
    session: true,
    params: IdParams,
    response: ImportResult,
    detail: { summary: 'An import, its progress, and the first rows that failed or were changed', tags, hide: true },
  })
  .get(
    '/:id/report',
    async ({ user, params, query }) => {
      const report = await importReport(user, params.id, query.rows)
      return downloadResponse(report.fileName, 'text/csv', report.lines)
    },
    {
      session: true,
      params: IdParams,
      query: t.Object({ rows: t.Optional(oneOf(['all', 'problems'], { description: 'problems: only the rows that failed or were changed' })) }),
      detail: { summary: 'What became of each row, as CSV', tags, hide: true },
    },
  )
