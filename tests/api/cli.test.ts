// The user commands (`linkcard links …`, `stats`, `qr`, `whoami`, `config`, `completion`), run as
// people and scripts run them: `bun src/index.ts …` with only an address and a key, none of the
// server's settings. They run the scripted session every client of the public API runs (a 429
// waited out on the way), and answer usage errors, refused keys and missing links with exit codes.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ClientSession, expectSessionHeld, SESSION, type SessionSummary, startClientSession } from '../helpers/client-session'
import { client } from '../helpers/http'

const root = join(import.meta.dir, '../..')
const folder = mkdtempSync(join(tmpdir(), 'linkcard-cli-'))
// Where a command would put a server's data if it wrongly loaded the server's config.
const serverData = join(folder, 'server-data')
let session: ClientSession

beforeAll(async () => {
  session = await startClientSession()
}, 60_000)

afterAll(async () => {
  await session?.close()
  rmSync(folder, { recursive: true, force: true })
})

type Run = { code: number; stdout: string; stderr: string }

/** `linkcard <args>` from the checkout, speaking to the session's stand-in unless `env` says otherwise. */
async function linkcard(args: string[], { env = {}, stdin }: { env?: Record<string, string>; stdin?: string } = {}): Promise<Run> {
  const child = Bun.spawn([process.execPath, 'src/index.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: folder, XDG_CONFIG_HOME: join(folder, 'no-config'), DATA_DIR: serverData, LINKCARD_URL: session.url, LINKCARD_API_KEY: session.apiKey, ...env },
    stdin: stdin === undefined ? 'ignore' : new Blob([stdin]),
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
  return { code, stdout, stderr }
}

/** The JSON a `--json` command printed, once it succeeded. */
function printed(run: Run) {
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' })
  return JSON.parse(run.stdout)
}

/** A link made over HTTP, for the commands that read one. */
async function makeLink(title: string) {
  const made = await client(session.server.url).post('/api/link', { targetUrl: `https://example.com/cli/${encodeURIComponent(title)}`, title }, { headers: { authorization: `Bearer ${session.apiKey}` } })
  expect(made.status).toBe(201)
  return made.body as { id: string; url: string }
}

describe('the user commands', () => {
  it('run the client session: who am I, create, bulk create from CSV, page through, change, stats after a 429, delete', async () => {
    const me = printed(await linkcard(['whoami', '--json']))
    const created = printed(await linkcard(['links', 'create', SESSION.target, '--title', SESSION.title, '--alias', session.alias, '--json']))

    const csv = join(folder, 'links.csv')
    const rows = Array.from({ length: SESSION.bulkCount }, (_, i) => `${SESSION.bulkTarget(i)},${SESSION.bulkTitle(i)}`)
    writeFileSync(csv, ['targetUrl,title', ...rows].join('\n'))
    const bulk = printed(await linkcard(['links', 'bulk', csv, '--json']))
    expect({ created: bulk.created, failed: bulk.failed }).toEqual({ created: SESSION.bulkCount, failed: 0 })

    const pagedIds: string[] = []
    let pages = 0
    for (let page = 1; ; page++) {
      const links: { id: string }[] = printed(await linkcard(['links', 'list', '--json', '--limit', String(SESSION.pageSize), '--page', String(page)]))
      if (links.length > 0) pages += 1
      pagedIds.push(...links.map((link) => link.id))
      if (links.length < SESSION.pageSize) break
    }

    const renamed = printed(await linkcard(['links', 'update', created.id, '--title', SESSION.renamed, '--json']))
    const stats = printed(await linkcard(['stats', created.id, '--json']))
    const deleted = await linkcard(['links', 'delete', created.id, '--json'])
    const gone = await linkcard(['links', 'get', created.id, '--json'])
    expect({ code: gone.code, stdout: gone.stdout }).toEqual({ code: 4, stdout: '' })

    const summary: SessionSummary = {
      accountId: me.account.id,
      createdId: created.id,
      createdUrl: created.url,
      bulkIds: bulk.results.map((result: { link: { id: string } }) => result.link.id),
      pagedIds,
      pages,
      renamedTitle: renamed.title,
      statsClicks: stats.totalClicks,
      deleted: deleted.code === 0,
      // Exit code 4 is the API's 404; the first line of stderr its message.
      notFound: { status: gone.code === 4 ? 404 : gone.code, message: gone.stderr.split('\n')[0]! },
    }
    await expectSessionHeld(session, summary)
    for (const request of session.seen) expect(request.userAgent).toMatch(/^linkcard-cli\/\d+\.\d+\.\d+/)
    // Not one of them read the server's settings: no data folder was made for it.
    expect(existsSync(serverData)).toBe(false)
  }, 90_000)

  it('answer a usage error with exit code 2 and say how to use the command, calling nothing', async () => {
    const calls = session.seen.length
    const [noTarget, unknownOption, noAddress] = await Promise.all([
      linkcard(['links', 'create', '--title', 'No target']),
      linkcard(['links', 'list', '--colour', 'red']),
      linkcard(['whoami'], { env: { LINKCARD_URL: '' } }),
    ])
    expect(noTarget).toMatchObject({ code: 2, stdout: '' })
    expect(noTarget.stderr).toContain('linkcard links create <targetUrl> --title <text>')
    expect(noTarget.stderr).toContain('linkcard help links create')
    expect(unknownOption.code).toBe(2)
    expect(unknownOption.stderr).toContain("Unknown option '--colour'")
    expect(noAddress.code).toBe(2)
    expect(noAddress.stderr).toContain('LINKCARD_URL')
    expect(session.seen.length).toBe(calls)
  }, 30_000)

  it("exits 3 with the API's own message when the key is refused", async () => {
    const refused = await linkcard(['whoami'], { env: { LINKCARD_API_KEY: 'lnk_not_a_real_key' } })
    const api = await client(session.server.url).get('/api/me', { headers: { authorization: 'Bearer lnk_not_a_real_key' } })
    expect(api.status).toBe(401)
    expect({ code: refused.code, stdout: refused.stdout, stderr: refused.stderr.trim() }).toEqual({ code: 3, stdout: '', stderr: api.body.message })
  }, 30_000)

  it('keep the address and key in a config file of their own (0600), which the environment overrides', async () => {
    const config = join(folder, 'config-home')
    const env = { XDG_CONFIG_HOME: config, LINKCARD_URL: '', LINKCARD_API_KEY: '' }
    expect((await linkcard(['config', 'set', 'url', session.url], { env })).code).toBe(0)
    // The key from standard input, out of the shell's history.
    expect((await linkcard(['config', 'set', 'key'], { env, stdin: `${session.apiKey}\n` })).code).toBe(0)
    const file = join(config, 'linkcard', 'config.json')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ url: session.url, key: session.apiKey })
    expect(statSync(file).mode & 0o777).toBe(0o600)

    const [fromFile, overridden] = await Promise.all([linkcard(['whoami', '--json'], { env }), linkcard(['whoami'], { env: { ...env, LINKCARD_API_KEY: 'lnk_not_a_real_key' } })])
    expect(printed(fromFile).account.id).toBe(session.owner.user.accountId)
    expect(overridden.code).toBe(3)
  }, 30_000)

  it("download a link's QR code as a PNG, and as SVG on stdout", async () => {
    const link = await makeLink('QR code')
    const file = join(folder, 'code.png')
    const [png, svg] = await Promise.all([linkcard(['qr', link.id, '-o', file]), linkcard(['qr', link.id, '--format', 'svg'])])
    expect(png).toMatchObject({ code: 0, stderr: '' })
    expect(png.stdout).toContain(file)
    expect([...readFileSync(file).subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect(svg.code).toBe(0)
    expect(svg.stdout).toContain('<svg')
  }, 30_000)

  it('show people tables and details with the short URL', async () => {
    const link = await makeLink('For people, with a title long enough to be cut in a narrow terminal')
    const [listed, shown] = await Promise.all([linkcard(['links', 'list', '--search', 'For people']), linkcard(['links', 'get', link.id])])
    expect(listed.code).toBe(0)
    const [header, row] = listed.stdout.split('\n')
    expect(header).toMatch(/^ID\s+SHORT URL\s+TITLE\s+TARGET\s+CREATED$/)
    expect(row).toContain(link.url)
    // Aligned: the short URL starts where its header does.
    expect(row!.indexOf(link.url)).toBe(header!.indexOf('SHORT URL'))
    expect(listed.stdout).toContain('Page 1 of 1, 1 link.')
    expect(shown.code).toBe(0)
    expect(shown.stdout).toMatch(new RegExp(`^Short URL\\s+${link.url.replace(/[.?]/g, '\\$&')}$`, 'm'))
  }, 30_000)

  it('print a bash completion script that names the commands and their options', async () => {
    const script = await linkcard(['completion', 'bash'])
    expect(script.code).toBe(0)
    for (const word of ['links', 'create', 'bulk', 'stats', 'qr', 'whoami', '--title', '--alias', '--format']) expect(script.stdout).toContain(word)
    const check = Bun.spawnSync(['bash', '-n'], { stdin: new Blob([script.stdout]) })
    expect({ code: check.exitCode, stderr: check.stderr.toString() }).toEqual({ code: 0, stderr: '' })
  }, 30_000)
})
