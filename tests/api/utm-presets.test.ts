// UTM presets: an account's named sets of campaign parameters, listed, added, changed and deleted
// through the app API; names unique per account in any letter case; another account's are not found.
import { beforeAll, describe, expect, it } from 'bun:test'
import { UTM_VALUE_MAX } from '../../src/shared/tracking'
import { UTM_PRESET_MESSAGES, UTM_PRESET_NAME_MAX, UTM_PRESETS_PER_ACCOUNT_MAX } from '../../src/shared/utm-presets'
import { signUp, type SignedIn } from '../helpers/accounts'
import { startInProcess } from '../helpers/in-process'
import { serverAroundTests } from '../helpers/server'

const linkcard = serverAroundTests(startInProcess)
let ann: SignedIn
let bob: SignedIn
beforeAll(async () => {
  ;[ann, bob] = await Promise.all([signUp(linkcard.http, 'presets'), signUp(linkcard.http, 'other-presets')])
})

type Preset = { id: string; name: string; source: string | null; medium: string | null; campaign: string | null; term: string | null; content: string | null }

const as = (who: SignedIn) => ({ token: who.token })
const presetsOf = async (who: SignedIn) => (await linkcard.http.get('/api/utmPresets', as(who))).body as Preset[]
const add = (who: SignedIn, body: Record<string, unknown>) => linkcard.http.post('/api/utmPresets', body, as(who))

describe('UTM presets', () => {
  it('are added, listed A to Z, changed and deleted, blank parameters meaning none', async () => {
    const made = await add(ann, { name: ' Spring newsletter ', source: 'newsletter', medium: 'email', campaign: 'spring-sale', term: '  ', content: null })
    expect(made.status).toBe(201)
    expect(made.body).toEqual({ id: expect.any(String), name: 'Spring newsletter', source: 'newsletter', medium: 'email', campaign: 'spring-sale', term: null, content: null })
    const other = await add(ann, { name: 'ads' })
    expect(other.body).toMatchObject({ name: 'ads', source: null, medium: null })
    expect((await presetsOf(ann)).map((preset) => preset.name)).toEqual(['ads', 'Spring newsletter'])

    const changed = await linkcard.http.patch(`/api/utmPresets/${made.body.id}`, { name: 'Summer newsletter', campaign: 'summer-sale', medium: '' }, as(ann))
    expect(changed.status).toBe(200)
    expect(changed.body).toEqual({ ...made.body, name: 'Summer newsletter', campaign: 'summer-sale', medium: null })
    // An empty change answers the preset as it is.
    expect((await linkcard.http.patch(`/api/utmPresets/${made.body.id}`, {}, as(ann))).body).toEqual(changed.body)

    expect((await linkcard.http.delete(`/api/utmPresets/${other.body.id}`, as(ann))).status).toBe(204)
    expect((await linkcard.http.delete(`/api/utmPresets/${other.body.id}`, as(ann))).status).toBe(404)
    expect((await presetsOf(ann)).map((preset) => preset.id)).toEqual([made.body.id])
  })

  it('refuse a name the account has already, in any letter case, with a 409', async () => {
    const first = await add(ann, { name: 'Press kit', source: 'press' })
    expect((await add(ann, { name: 'PRESS KIT ' })).status).toBe(409)
    const second = await add(ann, { name: 'Partners' })
    const clash = await linkcard.http.patch(`/api/utmPresets/${second.body.id}`, { name: 'press kit' }, as(ann))
    expect(clash.status).toBe(409)
    expect(clash.body.errors[0]).toEqual({ field: 'name', message: UTM_PRESET_MESSAGES.taken })
    // Renaming to its own name in another case is no clash.
    expect((await linkcard.http.patch(`/api/utmPresets/${first.body.id}`, { name: 'PRESS KIT' }, as(ann))).status).toBe(200)
    // Another account may use the same name.
    expect((await add(bob, { name: 'Press kit' })).status).toBe(201)
  })

  it('refuse a name that reads the same however it is written: accents composed or not, full-width letters, ß and ss', async () => {
    expect((await add(ann, { name: 'Caf\u00e9 cr\u00e8me' })).status).toBe(201)
    expect((await add(ann, { name: 'Cafe\u0301 cre\u0300me' })).status).toBe(409)
    expect((await add(ann, { name: '\uff23\uff21\uff26\u00c9 CR\u00c8ME' })).status).toBe(409)
    expect((await add(ann, { name: 'Stra\u00dfe' })).status).toBe(201)
    const clash = await add(ann, { name: 'STRASSE' })
    expect(clash.status).toBe(409)
    expect(clash.body.errors[0]).toEqual({ field: 'name', message: UTM_PRESET_MESSAGES.taken })
    expect((await presetsOf(ann)).filter((preset) => /caf|stra/i.test(preset.name.normalize('NFKC')))).toHaveLength(2)
  })

  it('refuse bad names and parameters with a 400 naming the field, storing nothing', async () => {
    const before = await presetsOf(ann)
    for (const name of ['', '   ', 'x'.repeat(UTM_PRESET_NAME_MAX + 1)]) {
      const answer = await add(ann, { name })
      expect(answer.status).toBe(400)
      expect(answer.body.errors[0]).toEqual({ field: 'name', message: UTM_PRESET_MESSAGES.name })
    }
    const long = await add(ann, { name: 'Too long', campaign: 'c'.repeat(UTM_VALUE_MAX + 1) })
    expect(long.status).toBe(400)
    expect(long.body.errors[0]).toEqual({ field: 'campaign', message: UTM_PRESET_MESSAGES.value('campaign') })
    const twoLines = await add(ann, { name: 'Two lines', source: 'a\nb' })
    expect(twoLines.status).toBe(400)
    expect(twoLines.body.errors[0].field).toBe('source')
    expect((await add(ann, { source: 'x' })).status).toBe(400)
    expect((await add(ann, { name: 'Number', term: 7 })).status).toBe(400)
    const [kept] = before
    const patched = await linkcard.http.patch(`/api/utmPresets/${kept.id}`, { name: '', source: 'changed' }, as(ann))
    expect(patched.status).toBe(400)
    expect(await presetsOf(ann)).toEqual(before)
  })

  it("answers 404 for another account's preset and changes nothing; needs a session", async () => {
    const [theirs] = await presetsOf(bob)
    expect((await linkcard.http.patch(`/api/utmPresets/${theirs.id}`, { name: 'Mine now' }, as(ann))).status).toBe(404)
    expect((await linkcard.http.delete(`/api/utmPresets/${theirs.id}`, as(ann))).status).toBe(404)
    expect(await presetsOf(bob)).toEqual([theirs])
    expect((await presetsOf(ann)).some((preset) => preset.id === theirs.id)).toBe(false)
    expect((await linkcard.http.get('/api/utmPresets')).status).toBe(401)
    expect((await linkcard.http.post('/api/utmPresets', { name: 'Anonymous' })).status).toBe(401)
  })

  it(`hold at most ${UTM_PRESETS_PER_ACCOUNT_MAX} an account`, async () => {
    const carol = await signUp(linkcard.http, 'many-presets')
    for (let i = 0; i < UTM_PRESETS_PER_ACCOUNT_MAX; i++) expect((await add(carol, { name: `Preset ${i}` })).status).toBe(201)
    const over = await add(carol, { name: 'One more' })
    expect(over.status).toBe(400)
    expect(over.body.message).toBe(UTM_PRESET_MESSAGES.tooMany)
    expect(await presetsOf(carol)).toHaveLength(UTM_PRESETS_PER_ACCOUNT_MAX)
    // Room again once one goes.
    const [first] = await presetsOf(carol)
    await linkcard.http.delete(`/api/utmPresets/${first.id}`, as(carol))
    expect((await add(carol, { name: 'One more' })).status).toBe(201)
  })
})
