// Imports of links from another shortener's export or any CSV: previewed with the columns mapped,
// then read whole on a thread of their own, stored, and worked through in the background a chunk
// of rows at a time, in slices that leave the event loop between them. Each row's link has an id
// made from the import and the row, so a chunk done again after a restart makes nothing twice;
// whichever instance holds the import's lease does the work.
import { createHash } from 'node:crypto'
import { transaction } from '../../platform/db'
import { AppError, fieldError } from '../../platform/errors'
import { consumeRate } from '../../platform/counters'
import { csvLine } from '../../platform/downloads'
import { every, type Running } from '../../platform/lifecycle'
import { log } from '../../platform/log'
import { traced } from '../../platform/tracing'
import { threadCalls } from '../../platform/thread-calls'
import { IMPORT_ATTEMPTS_PER_HOUR, IMPORT_MESSAGES, IMPORT_PROBLEMS_SHOWN, importReportFileName, type ImportMapping, type ImportProblem, type ImportSource } from '../../shared/imports'
import { aliasKeyOf } from '../../shared/link-rules'
import { PLAN_INFO } from '../../shared/plans'
import { IMPORT_READ_ENTRY } from '../../threads'
import { type AccountCap, findAccount, withinAccountCap } from '../accounts/service'
import type { Actor } from '../auth/service'
import { actingOf, LINKCARD, recordAccountChange } from '../audit/service'
import { verifiedDomainsOf } from '../domains/service'
import { checkLinkInput, linkDomainOf } from '../links/input'
import { aliasesInUse, createLinks } from '../links/create'
import { shortUrlOf } from '../links/service'
import { checkedMapping, detectSource, IMPORT_NOTES, itemOf, readTable, suggestedMapping, type ImportItem } from './formats'
import type { ReadFile, ReadInput, ReadOutput } from './reading'
import * as repo from './repo'
import type { Import, ImportPreview, ImportResult } from './schema'

const LEASE_MS = 15_000
const POLL_MS = 2_000
const PREVIEW_ROWS = 10
// Links made at once while an import is worked through. Between slices the event loop rests for
// half as long as the slice took: background work never keeps the request thread busy back to back,
// so a redirect finds it idle (and the system's scheduler finds it a light thread) most of the time.
const SLICE_ROWS = 25
const REST_SHARE = 0.5
// An import left `storing` this long was abandoned by its instance.
const STORING_MAX_MS = 10 * 60_000
// Imports being stored since then count as under way; older ones were abandoned.
const storingSince = () => new Date(Date.now() - STORING_MAX_MS)
// Files waiting for the import thread; past this many, an import is turned away rather than queued.
const MAX_WAITING = 8
const HOUR_MS = 60 * 60_000

/** Lets the event loop answer what waits (redirects, other requests) before the next slice of work. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))
const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, 100)))

// Files are read on a thread of their own, in the order they come; an account has one file there at
// most (readingFor), so every account's file waits behind at most one of each other account's.
const reader = threadCalls<ReadInput, ReadOutput>(IMPORT_READ_ENTRY, 'import reader')
const readingFor = new Set<string>()

const toJson = (row: Omit<repo.ImportRow, 'problems'>): Import => ({
  id: row.id,
  source: row.source,
  fileName: row.fileName,
  status: row.status === 'storing' ? 'queued' : row.status,
  message: row.message,
  total: row.total,
  done: row.done,
  created: row.created,
  failed: row.failed,
  changed: row.changed,
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

/**
 * What an import would make of its rows' short codes and domains, as createLinks does with
 * aliasesWhereFree and domainsWhereOwn: a domain that is not one of the account's is left out (the
 * link goes on the service's own host), and a code taken on its domain, or kept by an earlier row
 * of the file, is dropped for a random one. `items` are the rows that would be made, in file order;
 * the answer is each one's notes, by row. One look-up for all the codes: another account's link
 * shows only as "taken", which making the link would be refused as anyway.
 */
async function shortCodeNotes(accountId: string, items: ImportItem[]) {
  const domains = items.some((item) => item.input.domain) ? await verifiedDomainsOf(accountId) : new Set<string>()
  const placed = items.map((item) => {
    const asked = linkDomainOf(item.input.domain)
    return { item, asked, domain: asked !== null && domains.has(asked) ? asked : null }
  })
  const taken = await aliasesInUse(placed.flatMap(({ item, domain }) => (item.input.alias ? [{ alias: item.input.alias, domain }] : [])))
  const keptBy = new Map<string, number>()
  const notes = new Map<number, { aliasTaken: boolean; notes: string[] }>()
  for (const { item, asked, domain } of placed) {
    const alias = item.input.alias
    const key = alias && aliasKeyOf(domain, alias)
    let aliasNote: string | undefined
    if (alias && key && taken.has(key)) aliasNote = IMPORT_NOTES.aliasTaken(alias)
    else if (alias && key && keptBy.has(key)) aliasNote = IMPORT_NOTES.aliasRepeated(alias, keptBy.get(key)!)
    else if (key) keptBy.set(key, item.row)
    const domainNote = asked !== null && domain === null ? IMPORT_NOTES.notYourDomain(asked) : undefined
    notes.set(item.row, { aliasTaken: aliasNote !== undefined, notes: [aliasNote, domainNote].filter((note) => note !== undefined) })
  }
  return notes
}

/**
 * The first rows of a file's sample as they would be imported: its source, columns, the mapping
 * (given or guessed), and each row's problem and notes (a short code taken here or earlier in the
 * file, a domain not the account's, a state that keeps it switched off), with how many rows lose
 * their short code.
 */
export async function previewImport(actor: Actor, input: { file: string; source?: ImportSource; mapping?: ImportMapping }): Promise<ImportPreview> {
  const table = readTable(input.file, { sample: true })
  if (table.columns.length === 0) throw fieldError('invalid', 'file', IMPORT_MESSAGES.empty)
  const source = input.source ?? detectSource(table.columns)
  const mapping = input.mapping ? checkedMapping(input.mapping, table.columns, { needsTarget: false }) : suggestedMapping(table)
  const items = table.rows.slice(0, PREVIEW_ROWS).map((row, index) => itemOf(row, table.columns, mapping, index + 2))
  const problems = await Promise.all(items.map((item) => (mapping.targetUrl ? problemOf(item) : IMPORT_MESSAGES.noTarget)))
  // A row that fails makes no link: its code is neither kept nor in the way of a later row's.
  const codes = await shortCodeNotes(actor.accountId, items.filter((_, i) => problems[i] === null))
  const rows = items.map((item, i) => {
    const code = codes.get(item.row)
    return {
      row: item.row,
      link: item.input,
      notes: [...item.notes, ...(code?.notes ?? [])],
      isActive: item.isActive,
      history: item.history,
      problem: problems[i] ?? null,
      aliasTaken: code?.aliasTaken ?? false,
    }
  })
  return { source, columns: table.columns, mapping, rows, aliasesTaken: rows.filter((row) => row.aliasTaken).length }
}

/** Refuses an import before its file is read: one under way for the account, too many tries this hour, or the thread's queue full. */
async function checkCanStart(actor: Actor) {
  if (await repo.hasUnfinishedImport(actor.accountId, storingSince())) throw new AppError('conflict', IMPORT_MESSAGES.oneAtATime)
  if (reader.waiting >= MAX_WAITING) throw new AppError('unavailable', IMPORT_MESSAGES.busy)
  // A refused file frees the account at once: how often one may be sent is counted too.
  const rate = await consumeRate(`import-start:${actor.accountId}`, [{ limit: IMPORT_ATTEMPTS_PER_HOUR, windowMs: HOUR_MS }])
  if (!rate.allowed) throw new AppError('rate_limited', IMPORT_MESSAGES.tooManyAttempts, undefined, rate.retryAfter)
}

/** Stores a read file's chunks one at a time (the loop answers others between them), then queues the import. */
async function storeImport(actor: Actor, file: ReadFile) {
  // One unfinished import an account, also when two instances start one at once.
  const cap: AccountCap = {
    limit: 1,
    count: async (tx) => Number(await repo.hasUnfinishedImport(actor.accountId, storingSince(), tx)),
    refusal: () => new AppError('conflict', IMPORT_MESSAGES.oneAtATime),
  }
  const row = await withinAccountCap(actor.accountId, cap, (tx) =>
    repo.insertImport(
      {
        accountId: actor.accountId,
        createdBy: actor.id,
        source: file.source,
        fileName: file.fileName.trim().slice(0, 200) || 'import',
        mapping: file.mapping,
        status: 'storing',
        total: file.total,
      },
      tx,
    ),
  )
  try {
    const decoder = new TextDecoder()
    for (const [position, end] of file.ends.entries()) {
      await repo.insertChunk(row.id, position, decoder.decode(file.chunks.subarray(file.ends[position - 1] ?? 0, end)))
      await nextTurn()
    }
    await transaction(async (tx) => {
      await repo.setImportState(row.id, { status: 'queued' }, tx)
      await recordAccountChange(tx, actingOf(actor), { accountId: actor.accountId, action: 'import.started', target: importTarget(row), changes: { status: { from: null, to: 'queued' } } })
    })
  } catch (error) {
    await repo.deleteImport(row.id).catch(() => undefined)
    throw error
  }
  return { ...row, status: 'queued' as const }
}

/**
 * Starts an import of a whole file, sent as the import call's JSON body: refused early when the
 * account cannot start one, then read on the import thread, stored, and started at once.
 */
export async function startImport(actor: Actor, body: Uint8Array<ArrayBuffer>): Promise<Import> {
  // Taken before anything is awaited: of calls side by side, one goes on and the others are refused.
  if (readingFor.has(actor.accountId)) throw new AppError('conflict', IMPORT_MESSAGES.oneAtATime)
  readingFor.add(actor.accountId)
  try {
    await checkCanStart(actor)
    const read = await reader.call({ body, linksPerDay: PLAN_INFO[actor.plan].linksPerDay }, { key: actor.accountId, transfer: [body.buffer] })
    if (!read.ok) throw new AppError(read.kind, read.message, read.errors)
    const row = await storeImport(actor, read.file)
    wake()
    return toJson(row)
  } finally {
    readingFor.delete(actor.accountId)
  }
}

export const listImports = async (actor: Actor) => (await repo.listImports(actor.accountId, 20)).map(toJson)

async function ownImport(actor: Actor, id: string) {
  const row = await repo.findImport(actor.accountId, id)
  if (!row) throw new AppError('not_found', IMPORT_MESSAGES.notFound)
  return row
}

/** An import, with the first rows so far that failed or were changed (kept as it runs: no report is read). */
export async function getImport(actor: Actor, id: string): Promise<ImportResult> {
  const row = await ownImport(actor, id)
  return { ...toJson(row), problems: { total: row.failed + row.changed, rows: row.problems } }
}

/**
 * What became of a row: created or failed, and `changed` when its link was made at another address
 * than asked (`asked`: the short code the file gave).
 */
type ReportLine = { row: number; status: 'created' | 'failed'; url?: string; alias?: string | null; targetUrl: string; note?: string; changed?: true; asked?: string }

const REPORT_COLUMNS = ['row', 'status', 'shortUrl', 'alias', 'targetUrl', 'note']

const isProblem = (line: ReportLine) => line.status === 'failed' || line.changed === true

/**
 * What became of each row so far (`problems`: only the rows that failed or were changed), as CSV:
 * a file name and its lines, read a chunk at a time.
 */
export async function importReport(actor: Actor, id: string, rows: 'all' | 'problems' = 'all') {
  const row = await ownImport(actor, id)
  async function* lines() {
    yield csvLine(REPORT_COLUMNS)
    for await (const report of repo.reportsOf(row.id)) {
      const chunk = JSON.parse(report) as ReportLine[]
      yield (rows === 'all' ? chunk : chunk.filter(isProblem)).map((line) => csvLine([line.row, line.status, line.url, line.alias, line.targetUrl, line.note])).join('')
      await nextTurn()
    }
  }
  return { fileName: importReportFileName(row.fileName, rows), lines: lines() }
}

/** A chunk's rows that failed or were changed, as its import lists them. */
const problemsOf = (report: ReportLine[]): ImportProblem[] =>
  report.filter(isProblem).map((line) => ({
    row: line.row,
    alias: line.asked ?? null,
    targetUrl: line.targetUrl,
    shortUrl: line.url ?? null,
    outcome: line.status === 'failed' ? 'failed' : 'changed',
    reason: line.note ?? '',
  }))

/** The id of the link an import's row makes: the same each time the row is done. */
function linkIdOf(importId: string, row: number) {
  const hash = createHash('sha256').update(`${importId}:${row}`).digest('hex')
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-8${hash.slice(13, 16)}-${hash.slice(16, 20)}-${hash.slice(20, 32)}`
}

/** Makes one slice's links and answers its report; a problem of the whole batch (too many tags) fails each row. */
async function runSlice(job: repo.ImportRow, plan: Parameters<typeof createLinks>[0]['plan'], items: ImportItem[]): Promise<ReportLine[]> {
  const creator = { accountId: job.accountId, userId: job.createdBy, plan }
  let made: Awaited<ReturnType<typeof createLinks>>
  try {
    made = await createLinks(
      creator,
      items.map((item) => item.input),
      {
        ids: items.map((item) => linkIdOf(job.id, item.row)),
        aliasesWhereFree: true,
        domainsWhereOwn: true,
        imported: items.map((item) => ({ isActive: item.isActive, importedFrom: { source: job.source, createdAt: item.history?.createdAt ?? null, clicks: item.history?.clicks ?? null } })),
      },
    )
  } catch (error) {
    if (!(error instanceof AppError) || error.kind === 'rate_limited') throw error
    made = items.map(() => ({ error }))
  }
  return items.map((item, i) => {
    const result = made[i]!
    const asked = item.input.alias ?? item.aliasNotKept
    const base = { row: item.row, targetUrl: item.input.targetUrl, ...(asked && { asked }) }
    if ('error' in result) return { ...base, status: 'failed', note: result.error.message }
    const changes = [...(result.aliasDropped ? [IMPORT_NOTES.aliasTaken(result.aliasDropped)] : []), ...(result.domainDropped ? [IMPORT_NOTES.notYourDomain(result.domainDropped)] : [])]
    const notes = [...item.notes, ...changes]
    return {
      ...base,
      status: 'created',
      url: shortUrlOf(result.row),
      alias: result.row.alias,
      ...(notes.length > 0 && { note: notes.join(' ') }),
      ...((changes.length > 0 || item.aliasNotKept) && { changed: true }),
    }
  })
}

/** Makes a chunk's links a slice at a time, leaving the event loop between slices, and answers its report. */
async function runChunk(job: repo.ImportRow, plan: Parameters<typeof createLinks>[0]['plan'], items: ImportItem[]): Promise<ReportLine[]> {
  const report: ReportLine[] = []
  for (let i = 0; i < items.length; i += SLICE_ROWS) {
    const startedAt = performance.now()
    report.push(...(await runSlice(job, plan, items.slice(i, i + SLICE_ROWS))))
    await rest((performance.now() - startedAt) * REST_SHARE)
  }
  return report
}

/** Works through a claimed import until it is done, paused by the plan's link limit, or this instance stops. */
async function runImport(job: repo.ImportRow, running: () => boolean) {
  const account = await findAccount(job.accountId)
  if (!account) return
  for (;;) {
    if (!running()) return repo.setImportState(job.id, { leaseUntil: null })
    const chunk = await repo.nextChunk(job.id)
    if (!chunk) return finishImport(job, 'done')
    let report: ReportLine[]
    try {
      report = await runChunk(job, account.plan, JSON.parse(chunk.items) as ImportItem[])
    } catch (error) {
      if (error instanceof AppError && error.kind === 'rate_limited') {
        const resumeAt = new Date(Date.now() + (error.retryAfter ?? 60) * 1000)
        return repo.setImportState(job.id, { status: 'paused', resumeAt, leaseUntil: null, message: "Paused at your plan's hourly link limit; it carries on by itself." })
      }
      log.error('import failed', { importId: job.id, error })
      return finishImport(job, 'failed', 'The import stopped on an unexpected problem; the rows so far are in the report.')
    }
    const created = report.filter((line) => line.status === 'created').length
    const changed = report.filter((line) => line.changed).length
    const counts = { done: report.length, created, failed: report.length - created, changed }
    await repo.completeChunk(job.id, chunk.position, JSON.stringify(report), counts, problemsOf(report).slice(0, IMPORT_PROBLEMS_SHOWN), IMPORT_PROBLEMS_SHOWN, new Date(Date.now() + LEASE_MS))
  }
}

const importTarget = (row: Pick<repo.ImportRow, 'id' | 'fileName'>) => ({ type: 'import', id: row.id, name: row.fileName })

/** Ends an import, done or failed, and records it with its counts: Linkcard's work, begun by whoever started it. */
async function finishImport(job: repo.ImportRow, status: 'done' | 'failed', message?: string) {
  const counts = (await repo.findImport(job.accountId, job.id)) ?? job
  await transaction(async (tx) => {
    await repo.setImportState(job.id, { status, leaseUntil: null, finishedAt: new Date(), ...(message && { message }) }, tx)
    await recordAccountChange(tx, LINKCARD, {
      accountId: job.accountId,
      action: 'import.finished',
      target: importTarget(job),
      changes: { status: { from: 'running', to: status }, created: { from: null, to: counts.created }, failed: { from: null, to: counts.failed } },
    })
  })
}

/** Imports queued or under way, every instance's, for the metrics. */
export const importQueueDepth = () => repo.countUnfinishedImports()

let wake: () => void = () => {}

/** Works through due imports in the background: every few seconds, and at once when one starts here. */
export function startImports(): Running {
  let stopped = false
  let working: Promise<void> | undefined
  const work = async () => {
    await repo.deleteAbandonedImports(storingSince())
    for (let job = await repo.claimNextImport(new Date(), new Date(Date.now() + LEASE_MS)); job && !stopped; job = await repo.claimNextImport(new Date(), new Date(Date.now() + LEASE_MS)))
      await traced('link import', { 'linkcard.import.id': job.id }, () => runImport(job, () => !stopped))
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
