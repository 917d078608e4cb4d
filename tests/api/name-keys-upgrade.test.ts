// Names unique in an account (tags, UTM presets) are compared after Unicode normalisation. An
// upgraded database keys its stored names again once, at start: look-alike tags of an account become
// one with all their links; look-alike presets both stay (each has parameters of its own).
import { beforeAll, describe, expect, it } from 'bun:test'
import { signUp, type SignedIn } from '../helpers/accounts'
import { serverAroundTests, } from '../helpers/server'
import { dbTime, sql } from '../helpers/sql'

const linkcard = serverAroundTests()
let owner: SignedIn
beforeAll(async () => {
  owner = await signUp(linkcard.http, 'upgraded')
})

const at = (minute: number) => dbTime(linkcard.server, new Date(Date.UTC(2024, 0, 1, 0, minute)))

describe('stored names keyed again on upgrade', () => {
  it('merges look-alike tags into one with all their links, keys the rest again, and leaves look-alike presets apart', async () => {
    const account = owner.user.accountId
    const link = async (title: string) => (await linkcard.http.post('/api/shareLinks', { targetUrl: 'https://example.com/up', title }, { token: owner.token })).body.id as string
    const [decomposed, composed, fullWidth, plain] = [await link('NFD'), await link('NFC'), await link('Full width'), await link('ASCII')]
    // As an earlier release stored them: keys only lower-cased.
    const tag = (id: string, name: string, minute: number) =>
      sql(linkcard.server, 'insert into tags (id, account_id, name, name_key, color, created_at) values ($1, $2, $3, $4, $5, $6)', [id, account, name, name.trim().toLowerCase(), 'indigo', at(minute)])
    await tag('tag-nfd', 'Cafe\u0301', 1)
    await tag('tag-nfc', 'Caf\u00e9', 2)
    await tag('tag-full', '\uff23\uff21\uff26\uff25', 3)
    await tag('tag-plain', 'cafe', 4)
    await tag('tag-kept', '\uff2e\uff45\uff57\uff53', 5)
    for (const [linkId, tagId] of [
      [decomposed, 'tag-nfd'],
      [composed, 'tag-nfc'],
      [decomposed, 'tag-nfc'],
      [fullWidth, 'tag-full'],
      [plain, 'tag-plain'],
      [fullWidth, 'tag-kept'],
    ])
      await sql(linkcard.server, 'insert into link_tags (link_id, tag_id) values ($1, $2)', [linkId, tagId])
    const preset = (id: string, name: string, minute: number) =>
      sql(linkcard.server, 'insert into utm_presets (id, account_id, name, name_key, source, created_at) values ($1, $2, $3, $4, $5, $6)', [id, account, name, name.trim().toLowerCase(), id, at(minute)])
    await preset('preset-nfd', 'Cafe\u0301', 1)
    await preset('preset-nfc', 'Caf\u00e9', 2)
    await preset('preset-full', '\uff30\uff52\uff45\uff53\uff53', 3)
    // A database from before the upgrade has not run it.
    await sql(linkcard.server, 'delete from data_upgrades')
    await linkcard.server.restart()

    const tags = (await linkcard.http.get('/api/tags', { token: owner.token })).body as { name: string; links: number }[]
    expect(tags.map(({ name, links }) => ({ name, links }))).toEqual([
      { name: 'cafe', links: 2 },
      { name: 'Caf\u00e9', links: 2 },
      { name: '\uff2e\uff45\uff57\uff53', links: 1 },
    ])
    const tagsOf = async (id: string) => (await linkcard.http.get(`/api/shareLinks/${id}`, { token: owner.token })).body.tags
    expect(await tagsOf(decomposed)).toEqual(['Caf\u00e9'])
    expect(await tagsOf(fullWidth)).toEqual(['cafe', '\uff2e\uff45\uff57\uff53'])
    expect((await linkcard.http.post('/api/tags', { name: 'news' }, { token: owner.token })).status).toBe(409)

    const keys = await sql<{ id: string; name_key: string }>(linkcard.server, 'select id, name_key from utm_presets where account_id = $1 order by id', [account])
    expect(keys).toEqual([
      { id: 'preset-full', name_key: 'press' },
      { id: 'preset-nfc', name_key: 'caf\u00e9' },
      // Left as it was: its look-alike holds the key.
      { id: 'preset-nfd', name_key: 'cafe\u0301' },
    ])
    expect((await linkcard.http.get('/api/utmPresets', { token: owner.token })).body).toHaveLength(3)
    expect((await linkcard.http.post('/api/utmPresets', { name: 'PRESS' }, { token: owner.token })).status).toBe(409)
  })
})
