// Tags: named and coloured per account, put on links by name through both APIs, used to filter both
// link lists, renamed, recoloured and deleted; another account's tags are not found.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { parse } from 'csv-parse/sync'
import { TAG_MESSAGES } from '../../src/shared/tags'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import type { TestServer } from '../helpers/server'

let server: TestServer
let http: Client
let ann: SignedIn
let bob: SignedIn
let annKey: string

beforeAll(async () => {
  server = await startInProcess()
  http = client(server.url)
  ann = await signUp(http, 'tagger')
  bob = await signUp(http, 'other-tagger')
  annKey = (await http.post('/api/apiKeys', { name: 'Tags' }, { token: ann.token })).body.key
})
afterAll(() => server.close())

const as = (who: SignedIn) => ({ token: who.token })
const create = (who: SignedIn, body: Record<string, unknown>) => http.post('/api/shareLinks', { targetUrl: 'https://example.com/page', title: 'Tagged', ...body }, as(who))
const tagsOf = async (who: SignedIn) => (await http.get('/api/tags', as(who))).body as { id: string; name: string; color: string; links: number }[]
const listed = async (path: string, token: string) => ((await http.get(path, { token })).body as { id: string }[]).map((link) => link.id)

describe('tags on links', () => {
  it('are made by name as links name them, once in any letter case, and listed with their counts', async () => {
    const first = await create(ann, { tags: [' Spring sale ', 'newsletter'] })
    expect(first.status).toBe(201)
    expect(first.body.tags).toEqual(['newsletter', 'Spring sale'])
    const second = await create(ann, { tags: ['SPRING SALE', 'spring sale', 'Partners'] })
    // The account's own spelling wins.
    expect(second.body.tags).toEqual(['Partners', 'Spring sale'])
    expect(await tagsOf(ann)).toEqual([
      expect.objectContaining({ name: 'newsletter', color: 'indigo', links: 1 }),
      expect.objectContaining({ name: 'Partners', links: 1 }),
      expect.objectContaining({ name: 'Spring sale', links: 2 }),
    ])
    // A change gives the link exactly the tags named; none clears them.
    const changed = await http.patch(`/api/shareLinks/${first.body.id}`, { tags: ['Partners'] }, as(ann))
    expect(changed.body.tags).toEqual(['Partners'])
    expect((await http.patch(`/api/shareLinks/${first.body.id}`, { title: 'Retitled' }, as(ann))).body.tags).toEqual(['Partners'])
    expect((await http.patch(`/api/shareLinks/${first.body.id}`, { tags: [] }, as(ann))).body.tags).toEqual([])
    expect((await http.get(`/api/shareLinks/${second.body.id}`, as(ann))).body.tags).toEqual(['Partners', 'Spring sale'])
  })

  it('filter both link lists, in any letter case, within the account only', async () => {
    const tagged = (await create(ann, { tags: ['Filter me'] })).body
    await create(ann, { tags: ['Something else'] })
    const bobs = (await create(bob, { tags: ['Filter me'] })).body
    expect(await listed('/api/shareLinks?tag=filter%20ME', ann.token)).toEqual([tagged.id])
    expect(await listed('/api/links?tag=Filter%20me', annKey)).toEqual([tagged.id])
    expect(await listed('/api/shareLinks?tag=Filter%20me', bob.token)).toEqual([bobs.id])
    expect(await listed('/api/shareLinks?tag=no-such-tag', ann.token)).toEqual([])
  })

  it('come with the public API: created by name, and part of what makes a link the same one', async () => {
    const body = { targetUrl: 'https://example.com/api-tags', title: 'Through the API', tags: ['api', 'Launch'] }
    const made = await http.post('/api/link', body, { token: annKey })
    expect(made.status).toBe(201)
    expect((await http.get(`/api/link/${made.body.id}`, { token: annKey })).body.tags).toEqual(['api', 'Launch'])
    const again = await http.post('/api/link', { ...body, tags: ['LAUNCH', 'api'] }, { token: annKey })
    expect(again.body).toMatchObject({ id: made.body.id, existing: true })
    const other = await http.post('/api/link', { ...body, tags: ['api'] }, { token: annKey })
    expect(other.body.existing).toBe(false)
  })

  it('are one tag however a name is written: accents composed or not, full-width letters, letter case', async () => {
    const composed = await create(bob, { tags: ['Caf\u00e9'] })
    expect(composed.status).toBe(201)
    const decomposed = await create(bob, { tags: ['Cafe\u0301'] })
    const fullWidth = await create(bob, { tags: ['\uff43\uff41\uff46\u00e9'] })
    // The account's spelling is the one the links show.
    for (const made of [decomposed, fullWidth]) expect(made.body.tags).toEqual(['Caf\u00e9'])
    expect((await tagsOf(bob)).filter((tag) => tag.name.normalize('NFKC').toLowerCase() === 'caf\u00e9')).toEqual([expect.objectContaining({ name: 'Caf\u00e9', links: 3 })])
    const made = await http.post('/api/tags', { name: 'CAFE\u0301' }, as(bob))
    expect(made.status).toBe(409)
    expect(made.body.errors[0]).toEqual({ field: 'name', message: TAG_MESSAGES.taken })
    // The filter finds them however the name is written.
    expect((await listed(`/api/shareLinks?tag=${encodeURIComponent('cafe\u0301')}`, bob.token)).sort()).toEqual([composed.body.id, decomposed.body.id, fullWidth.body.id].sort())
  })

  it('refuse names that are empty, too long, on more than one line or with commas, and too many on one link', async () => {
    for (const name of ['', '   ', 'x'.repeat(41), 'a,b']) {
      const answer = await create(ann, { tags: [name] })
      expect(answer.status).toBe(400)
      expect(answer.body.errors[0]).toEqual({ field: 'tags', message: TAG_MESSAGES.name })
    }
    // Control characters are refused before anything reads the body, as in every field.
    const twoLines = await create(ann, { tags: ['two\nlines'] })
    expect(twoLines.status).toBe(400)
    expect(twoLines.body.errors[0].field).toBe('tags.0')
    const many = await create(ann, { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) })
    expect(many.status).toBe(400)
    expect(many.body.message).toBe(TAG_MESSAGES.tooManyOnLink)
    expect((await tagsOf(ann)).some((tag) => tag.name === 't0')).toBe(false)
  })

  it('go into the export', async () => {
    const link = (await create(ann, { tags: ['Exported', 'csv'] })).body
    const rows: Record<string, string>[] = parse((await http.get('/api/shareLinks/export', as(ann))).text, { columns: true })
    expect(rows.find((row) => row.id === link.id)!.tags).toBe('csv, Exported')
  })
})

describe('the tag list', () => {
  it('adds, renames, recolours and deletes tags; links follow, and names stay unique in any letter case', async () => {
    const added = await http.post('/api/tags', { name: 'Press', color: 'emerald' }, as(ann))
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({ name: 'Press', color: 'emerald', links: 0 })
    expect((await http.post('/api/tags', { name: 'press' }, as(ann))).status).toBe(409)
    const link = (await create(ann, { tags: ['press'] })).body
    expect(link.tags).toEqual(['Press'])

    const renamed = await http.patch(`/api/tags/${added.body.id}`, { name: 'Press kit', color: 'pink' }, as(ann))
    expect(renamed.body).toMatchObject({ name: 'Press kit', color: 'pink', links: 1 })
    expect((await http.get(`/api/shareLinks/${link.id}`, as(ann))).body.tags).toEqual(['Press kit'])
    await http.post('/api/tags', { name: 'Taken' }, as(ann))
    const clash = await http.patch(`/api/tags/${added.body.id}`, { name: 'TAKEN' }, as(ann))
    expect(clash.status).toBe(409)
    expect(clash.body.message).toBe(TAG_MESSAGES.taken)
    expect((await http.patch(`/api/tags/${added.body.id}`, { color: 'gold' }, as(ann))).status).toBe(400)
    expect((await http.post('/api/tags', { name: 'a,b' }, as(ann))).body.errors[0]).toEqual({ field: 'name', message: TAG_MESSAGES.name })

    expect((await http.delete(`/api/tags/${added.body.id}`, as(ann))).status).toBe(204)
    expect((await http.get(`/api/shareLinks/${link.id}`, as(ann))).body.tags).toEqual([])
    expect((await http.delete(`/api/tags/${added.body.id}`, as(ann))).status).toBe(404)
  })

  it("answers 404 for another account's tag and changes nothing; needs a session", async () => {
    const theirs = (await http.post('/api/tags', { name: 'Private' }, as(bob))).body
    expect((await http.patch(`/api/tags/${theirs.id}`, { name: 'Mine now' }, as(ann))).status).toBe(404)
    expect((await http.delete(`/api/tags/${theirs.id}`, as(ann))).status).toBe(404)
    expect((await tagsOf(bob)).find((tag) => tag.id === theirs.id)?.name).toBe('Private')
    expect((await tagsOf(ann)).some((tag) => tag.id === theirs.id)).toBe(false)
    expect((await http.get('/api/tags')).status).toBe(401)
  })
})
