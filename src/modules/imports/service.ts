// Imports of links from another shortener's export or any CSV: previewed with the columns mapped,
// then stored whole and worked through in the background, a chunk of rows at a time. Each row's
// link has an id made from the import and the row, so a chunk done again after a restart makes
// nothing twice; whichever instance holds the import's lease does the work.
import { createHash } from 'node:crypto'
import { AppError, fieldError } from '../../platform/errors'
import { csvLine } from '../../platform/downloads'
import { every, type Running } from '../../platform/lifecycle'
import { log } from '../../platform/log'
import { IMPORT_MESSAGES, IMPORT_ROWS_MAX, importReportFileName, type ImportMapping, type ImportSource } from '../../shared/imports'
import { PLAN_INFO } from '../../shared/plans'
import { type AccountCap, findAccount, withinAccountCap } from '../accounts/service'
import type { Actor } from '../auth/service'
import { checkLinkInput, createLinks, shortUrlOf } from '../links/service'
import { checkedMapping, detectSource, itemOf, readTable, suggestedMapping, type ImportItem } from './formats'
import * as repo from './repo'
import type { Import, ImportPreview } from './schema'

const CHUNK_ROWS = 1000
const LEASE_MS = 15_000
const POLL_MS = 2_000
const PREVIEW_ROWS = 10

const toJson = (row: repo.ImportRow): Import => ({
  id: row.id,
  source: row.source,
  fileName: row.fileName,
  status: row.status,
  message: row.message,
  total: row.total,
  done: row.done,
  created: row.created,
  failed: row.failed,
  resumeAt: row.resumeAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
})

/** A row's problem as the links service words it, or none. */
async function problemOf(item: ImportItem) {
  try {
    await checkLinkInput(item.input)
    return null
  } catch (error) {
    if (error instanceof AppError) return error.message
    throw error
  }
}

/** The first rows of a file's sample as they would be imported: its source, columns, the mapping (given or guessed) and each row's problem. */
export async function previewImport(input: { file: string; source?: ImportSource; mapping?: ImportMapping }): Promise<ImportPreview> {
  const table = readTable(input.file, true)
  if (table.columns.length === 0) throw fieldError('invalid', 'file', IMPORT_MESSAGES.empty)
  const source = input.source ?? detectSource(table.columns)
  const mapping = input.mapping ? checkedMapping(input.mapping, table.columns, { needsTarget: false }) : suggestedMapping(table)
  const rows = await Promise.all(
    table.rows.slice(0, PREVIEW_ROWS).map(async (row, index) => {
      const item = itemOf(row, table.columns, mapping, index + 2)
      return { row: item.row, link: item.input, notes: item.notes, problem: mapping.targetUrl ? await problemOf(item) : IMPORT_MESSAGES.noTarget }
    }),
  )
  return { source, columns: table.columns, mapping, rows }
}

/** Stores the whole file's rows as links to make, and has the import start at once. */
export async function startImport(actor: Actor, input: { file: string; source: ImportSource; fileName: string; mapping: ImportMapping }): Promise<Import> {
  const table = readTable(input.file)
  if (table.rows.length === 0) throw fieldError('invalid', 'file', IMPORT_MESSAGES.empty)
  if (table.rows.length > IMPORT_ROWS_MAX) throw fieldError('invalid', 'file', IMPORT_MESSAGES.tooManyRows)
  const perDay = PLAN_INFO[actor.plan].linksPerDay
  if (table.rows.length > perDay) throw fieldError('invalid', 'file', IMPORT_MESSAGES.overPlan(perDay))
  const mapping = checkedMapping(input.mapping, table.columns)
  if (await repo.hasUnfinishedImport(actor.accountId)) throw new AppError('conflict', IMPORT_MESSAGES.oneAtATime)
  const chunks: string[] = []
  for (let i = 0; i < table.rows.length; i += CHUNK_ROWS)
    chunks.push(JSON.stringify(table.rows.slice(i, i + CHUNK_ROWS).map((row, j) => itemOf(row, table.columns, mapping, i + j + 2))))
  // One unfinished import an account, also when two start at once.
  const cap: AccountCap = { limit: 1, count: async (tx) => Number(await repo.hasUnfinishedImport(actor.accountId, tx)), refusal: () => new AppError('conflict', IMPORT_MESSAGES.oneAtATime) }
  const row = await withinAccountCap(actor.accountId, cap, (tx) =>
    repo.insertImport(
      { accountId: actor.accountId, createdBy: actor.id, source: input.source, fileName: input.fileName.trim().slice(0, 200) || 'import', mapping, status: 'queued', total: table.rows.length },
      chunks,
      tx,
    ),
  )
  wake()
  return toJson(row)
}

export const listImports = async (actor: Actor) => (await repo.listImports(actor.accountId, 20)).map(toJson)

async function ownImport(actor: Actor, id: string) {
  const row = await repo.findImport(actor.accountId, id)
  if (!row) throw new AppError('not_found', IMPORT_MESSAGES.notFound)
  return row
}

export const getImport = async (actor: Actor, id: string) => toJson(await ownImport(actor, id))

type ReportLine = { row: number; status: 'created' | 'failed'; url?: string; alias?: string | null; targetUrl: string; note?: string }

const REPORT_COLUMNS = ['row', 'status', 'shortUrl', 'alias', 'targetUrl', 'note']

/** What became of each row so far, as CSV: a file name and its lines, read a chunk at a time. */
export async function importReport(actor: Actor, id: string) {
  const row = await ownImport(actor, id)
  async function* lines() {
    yield csvLine(REPORT_COLUMNS)
    for await (const report of repo.reportsOf(row.id))
      yield (JSON.parse(report) as ReportLine[]).map((line) => csvLine([line.row, line.status, line.url, line.alias, line.targetUrl, line.note])).join('')
  }
  return { fileName: importReportFileName(row.fileName), lines: lines() }
}

/** The id of the link an import's row makes: the same each time the row is done. */
function linkIdOf(importId: string, row: number) {
  const hash = createHash('sha256').update(`${importId}:${row}`).digest('hex')
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-8${hash.slice(13, 16)}-${hash.slice(16, 20)}-${hash.slice(20, 32)}`
}

/** Makes one chunk's links and answers its report; a problem of the whole batch (too many tags) fails each row. */
async function runChunk(job: repo.ImportRow, plan: Parameters<typeof createLinks>[0]['plan'], items: ImportItem[]): Promise<ReportLine[]> {
  const creator = { accountId: job.accountId, userId: job.createdBy, plan }
  let made: Awaited<ReturnType<typeof createLinks>>
  try {
    made = await createLinks(creator, items.map((item) => item.input), { ids: items.map((item) => linkIdOf(job.id, item.row)), aliasesWhereFree: true })
  } catch (error) {
    if (!(error instanceof AppError) || error.kind === 'rate_limited') throw error
    made = items.map(() => ({ error }))
  }
  return items.map((item, i) => {
    const result = made[i]!
    const base = { row: item.row, targetUrl: item.input.targetUrl }
    if ('error' in result) return { ...base, status: 'failed', note: result.error.message }
    const notes = [...item.notes, ...(result.aliasDropped ? [`Short code "${result.aliasDropped}" is taken; the link has a new one.`] : [])]
    return { ...base, status: 'created', url: shortUrlOf(result.row), alias: result.row.alias, ...(notes.length > 0 && { note: notes.join(' ') }) }
  })
}

/** Works through a claimed import until it is done, paused by the plan's link limit, or this instance stops. */
async function runImport(job: repo.ImportRow, running: () => boolean) {
  const account = await findAccount(job.accountId)
  if (!account) return
  for (;;) {
    if (!running()) return repo.setImportState(job.id, { leaseUntil: null })
    const chunk = await repo.nextChunk(job.id)
    if (!chunk) return repo.setImportState(job.id, { status: 'done', leaseUntil: null, finishedAt: new Date() })
    let report: ReportLine[]
    try {
      report = await runChunk(job, account.plan, JSON.parse(chunk.items) as ImportItem[])
    } catch (error) {
      if (error instanceof AppError && error.kind === 'rate_limited') {
        const resumeAt = new Date(Date.now() + (error.retryAfter ?? 60) * 1000)
        return repo.setImportState(job.id, { status: 'paused', resumeAt, leaseUntil: null, message: "Paused at your plan's hourly link limit; it carries on by itself." })
      }
      log.error('import failed', { importId: job.id, error })
      return repo.setImportState(job.id, { status: 'failed', leaseUntil: null, finishedAt: new Date(), message: 'The import stopped on an unexpected problem; the rows so far are in the report.' })
    }
    const created = report.filter((line) => line.status === 'created').length
    await repo.completeChunk(job.id, chunk.position, JSON.stringify(report), { done: report.length, created, failed: report.length - created }, new Date(Date.now() + LEASE_MS))
  }
}

let wake: () => void = () => {}

/** Works through due imports in the background: every few seconds, and at once when one starts here. */
export function startImports(): Running {
  let stopped = false
  let working: Promise<void> | undefined
  const work = async () => {
    for (let job = await repo.claimNextImport(new Date(), new Date(Date.now() + LEASE_MS)); job && !stopped; job = await repo.claimNextImport(new Date(), new Date(Date.now() + LEASE_MS)))
      await runImport(job, () => !stopped)
  }
  const tick = () => {
    if (working || stopped) return
    working = work()
      .catch((error) => log.error('imports failed', { error }))
      .finally(() => {
        working = undefined
      })
  }
  const stop = every(POLL_MS, tick)
  wake = tick
  return {
    async stop() {
      stopped = true
      stop()
      wake = () => {}
      await working
    },
  }
}
