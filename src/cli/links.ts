// `linkcard links …`: create, list and search, show, change, delete and bulk create links.
import { parse } from 'csv-parse/sync'
import type { components, paths } from '../../sdk/index.ts'
import { answered } from './api'
import { CliError, EXIT, usageError, wholeNumber } from './failure'
import { checkBulkColumns, linkFromFlags, linkFromRow } from './link-fields'
import { details, json, table, when } from './output'
import type { Context } from './spec'

type Link = components['schemas']['Link']
type NewLink = components['schemas']['NewLink']
type BulkBody = paths['/api/links/bulk']['post']['requestBody']['content']['application/json']
type BulkAnswer = paths['/api/links/bulk']['post']['responses'][200]['content']['application/json']

// The most links the API takes in one bulk call, and lists in one page.
const BULK_MAX = 1000
const PAGE_MAX = 100

/** A file's text, or standard input's for `-`. */
async function readInput(path: string, { io }: Context) {
  if (path === '-') return io.stdin()
  const file = Bun.file(path)
  if (!(await file.exists())) throw usageError(`No file at ${path}.`)
  return file.text()
}

/** The fields a --file gives (a JSON object, as the API takes a link), before the flags' own. */
async function fieldsOfFile(context: Context, command: string) {
  const path = context.flags.file
  if (typeof path !== 'string') return {}
  const text = await readInput(path, context)
  let fields: unknown
  try {
    fields = JSON.parse(text)
  } catch (error) {
    throw usageError(`${path} is not JSON: ${(error as Error).message}`, command)
  }
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) throw usageError(`${path} should hold one JSON object, a link's fields as the API names them.`, command)
  return fields as Record<string, unknown>
}

function showLink(context: Context, link: Link) {
  if (context.isJson) return context.io.out(json(link))
  context.io.out(
    details([
      ['Short URL', link.url],
      ['ID', link.id],
      ['Target', link.targetUrl],
      ['Title', link.title],
      ['Description', link.description],
      ['Image', link.ogImage],
      ['Domain', link.domain],
      ['Tags', link.tags.join(', ')],
      ['Status', link.isActive ? 'active' : 'paused (answers 404)'],
      ['Expires', when(link.expiresAt)],
      ['Click limit', link.clickLimit],
      ['Password', link.hasPassword ? 'yes' : null],
      ['Health', link.health.status + (link.health.reason ? `: ${link.health.reason}` : '')],
      ['QR code', link.qrCodeUrl],
      ['Created', when(link.createdAt)],
      ['Updated', when(link.updatedAt)],
    ]),
  )
}

export async function createLink(context: Context) {
  const { args, flags, io } = context
  const body = { ...(await fieldsOfFile(context, 'links create')), ...(args[0] ? { targetUrl: args[0] } : {}), ...linkFromFlags(flags, 'create') }
  if (!body.targetUrl) throw usageError('Give the page the link leads to: linkcard links create <targetUrl> --title <text>.', 'links create')
  const api = context.api()
  const { data } = await answered(api, api.client.POST('/api/link', { body: body as NewLink }))
  if (context.isJson) return io.out(json(data))
  io.out(details([['Short URL', data.url], ['ID', data.id], ['QR code', data.qrCodeUrl]]))
  if (data.existing) io.err('The account already had this very link: that one is answered, none made.')
}

const hasNextPage = (response: Response) => /;\s*rel="next"/.test(response.headers.get('link') ?? '')

export async function listLinks(context: Context) {
  const { flags, io } = context
  const all = flags.all === true
  // Without --limit, a page as long as the API's own.
  const limit = wholeNumber(flags, 'limit', 'links list', [1, PAGE_MAX]) ?? (all ? PAGE_MAX : 50)
  let page = wholeNumber(flags, 'page', 'links list', [1, Number.MAX_SAFE_INTEGER]) ?? 1
  if (all && flags.page !== undefined) throw usageError('--all reads every page: leave --page out.', 'links list')
  const filters = { search: flags.search as string | undefined, status: flags.status as 'all' | 'active' | 'inactive' | undefined, tag: flags.tag as string | undefined, health: flags.health as 'ok' | 'broken' | undefined }
  const api = context.api()
  const links: Link[] = []
  let total = 0
  for (;;) {
    const { data, response } = await answered(api, api.client.GET('/api/links', { params: { query: { ...filters, limit, page } } }))
    links.push(...data)
    total = Number(response.headers.get('x-total-count') ?? links.length)
    if (!all || data.length === 0 || !hasNextPage(response)) break
    page += 1
  }
  if (context.isJson) return io.out(json(links))
  if (links.length === 0) return io.out(total ? `No links on page ${page}: there are ${total}.` : 'No links.')
  const rows = links.map((link) => [link.id, link.url, link.title, link.targetUrl, link.isActive ? link.createdAt.slice(0, 10) : `${link.createdAt.slice(0, 10)} paused`])
  io.out(table(['ID', 'SHORT URL', 'TITLE', 'TARGET', 'CREATED'], rows, { width: io.columns, flexible: [2, 3], optional: [0, 4, 3] }))
  const pages = Math.max(1, Math.ceil(total / limit))
  const count = `${total} ${total === 1 ? 'link' : 'links'}`
  io.out(all ? `${count}.` : `Page ${page} of ${pages}, ${count}${page < pages ? ` (next: --page ${page + 1}, or --all)` : ''}.`)
}

export async function getLink(context: Context) {
  const api = context.api()
  const { data } = await answered(api, api.client.GET('/api/link/{id}', { params: { path: { id: context.args[0]! } } }))
  showLink(context, data)
}

export async function updateLink(context: Context) {
  const changes = { ...(await fieldsOfFile(context, 'links update')), ...linkFromFlags(context.flags, 'update') }
  if (Object.keys(changes).length === 0) throw usageError('Nothing to change: give the fields to change, as in linkcard links update <id> --title <text>.', 'links update')
  const api = context.api()
  const { data } = await answered(api, api.client.PATCH('/api/link/{id}', { params: { path: { id: context.args[0]! } }, body: changes }))
  showLink(context, data)
}

export async function deleteLink(context: Context) {
  const id = context.args[0]!
  const api = context.api()
  await answered(api, api.client.DELETE('/api/link/{id}', { params: { path: { id } } }))
  context.io.out(context.isJson ? json({ id, deleted: true }) : `Deleted link ${id}.`)
}

/** The links of a bulk file: CSV with a header row of field names, or a JSON array of links. */
function linksOfFile(text: string, path: string) {
  if (text.trimStart().startsWith('[')) {
    try {
      return JSON.parse(text) as Record<string, unknown>[]
    } catch (error) {
      throw usageError(`${path} is not a JSON array of links: ${(error as Error).message}`, 'links bulk')
    }
  }
  let rows: Record<string, string>[]
  let columns: string[] = []
  try {
    rows = parse(text, {
      bom: true,
      skip_empty_lines: true,
      columns: (header: string[]) => (columns = header.map((name) => name.trim())),
    })
  } catch (error) {
    throw usageError(`${path} could not be read as CSV: ${(error as Error).message}`, 'links bulk')
  }
  checkBulkColumns(columns)
  return rows.map((row, index) => linkFromRow(row, index + 1))
}

export async function bulkCreate(context: Context) {
  const { args, flags, io } = context
  const path = args[0]!
  const links = linksOfFile(await readInput(path, context), path)
  if (links.length === 0) throw usageError(`${path} has no links.`, 'links bulk')
  const api = context.api()
  const answer: BulkAnswer = { created: 0, existing: 0, failed: 0, results: [] }
  // A call at a time, each with its own Idempotency-Key (the client's), in the file's order. A call
  // refused after others were answered stops there: what those made is still shown.
  let stopped: CliError | undefined
  for (let start = 0; start < links.length && !stopped; start += BULK_MAX) {
    const body = { links: links.slice(start, start + BULK_MAX), allOrNothing: flags['all-or-nothing'] === true } as BulkBody
    try {
      const { data } = await answered(api, api.client.POST('/api/links/bulk', { body }))
      answer.created += data.created
      answer.existing += data.existing
      answer.failed += data.failed
      answer.results.push(...data.results)
    } catch (error) {
      if (start === 0 || !(error instanceof CliError)) throw error
      stopped = new CliError(error.exitCode, error.message, [...error.details, `Rows 1 to ${start} were sent and answered; rows from ${start + 1} were not: send them again.`])
    }
  }
  if (context.isJson) io.out(json(answer))
  else {
    const problem = (result: BulkAnswer['results'][number]) => (result.errors?.length ? result.errors.map((error) => `${error.field}: ${error.message}`).join('; ') : (result.message ?? ''))
    const rows = answer.results.map((result, index) => [String(index + 1), result.status, result.link?.url ?? problem(result)])
    io.out(table(['ROW', 'STATUS', 'SHORT URL OR PROBLEM'], rows, { width: io.columns, flexible: [2] }))
    io.out(`${answer.created} created, ${answer.existing} existing, ${answer.failed} failed.`)
  }
  if (stopped) throw stopped
  if (answer.failed > 0) {
    const failures = answer.results.flatMap((result, index) => (result.status === 'failed' ? [`row ${index + 1}: ${result.message}`] : []))
    throw new CliError(EXIT.failed, `${answer.failed} of ${links.length} links could not be made.`, failures.slice(0, 20))
  }
}
