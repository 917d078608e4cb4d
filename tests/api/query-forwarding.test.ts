// A person's query string goes on with them (forwardQuery, true unless switched off): the target's
// own parameters keep their values, the QR code's marker stays behind, the fragment stays the
// target's, and the same holds for device, country and fallback URLs. Crawlers' cards and the
// password form are not touched. Both APIs take and answer the switch.
import { describe, expect, it } from 'bun:test'
import { LINK_MESSAGES } from '../../src/shared/link-rules'
import { signUp } from '../helpers/accounts'
import { startInProcess } from '../helpers/in-process'
import { serverAroundTests } from '../helpers/server'
import { sql } from '../helpers/sql'
import { BROWSER_UA, CRAWLER_UA, DEVICE_UA } from '../helpers/user-agents'

const linkcard = serverAroundTests(startInProcess)

const TARGET = 'https://example.com/spring?utm_source=site#offer'

async function owner() {
  const person = await signUp(linkcard.http, 'forwarder')
  const create = async (body: Record<string, unknown> = {}) => {
    const answer = await linkcard.http.post('/api/shareLinks', { targetUrl: TARGET, title: 'Spring sale', ...body }, { token: person.token })
    if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${answer.text}`)
    return answer.body
  }
  const change = (id: string, body: Record<string, unknown>) => linkcard.http.patch(`/api/shareLinks/${id}`, body, { token: person.token })
  return { person, create, change }
}

/** Where the short link sends `userAgent` (a person on a desktop by default), without following. */
async function whereTo(url: string, userAgent = BROWSER_UA.chromeWindows) {
  const answer = await fetch(url, { headers: { 'user-agent': userAgent }, redirect: 'manual' })
  return { status: answer.status, location: answer.headers.get('location'), text: await answer.text() }
}

describe("a visitor's query string", () => {
  it("goes on to the target by default, after the target's own parameters and before its fragment", async () => {
    const { create } = await owner()
    const link = await create()
    expect(link.forwardQuery).toBe(true)
    expect((await whereTo(`${link.url}?utm_medium=email&ref=spring%20letter`)).location).toBe('https://example.com/spring?utm_source=site&utm_medium=email&ref=spring%20letter#offer')
    // The target's utm_source is the link's: a visitor cannot change it.
    expect((await whereTo(`${link.url}?utm_source=elsewhere&utm_campaign=may`)).location).toBe('https://example.com/spring?utm_source=site&utm_campaign=may#offer')
    expect((await whereTo(link.url)).location).toBe(TARGET)
  })

  it("leaves the QR code's marker behind and still counts the visit as a scan", async () => {
    const { create, person } = await owner()
    const link = await create()
    expect((await whereTo(`${link.url}?qr`)).location).toBe(TARGET)
    expect((await whereTo(`${link.url}?qr&utm_medium=poster`)).location).toBe('https://example.com/spring?utm_source=site&utm_medium=poster#offer')
    const stats = async () => (await linkcard.http.get(`/api/shareLinks/${link.id}/analytics`, { token: person.token })).body.totals
    for (let tries = 0; (await stats()).scans < 2 && tries < 100; tries++) await Bun.sleep(50)
    expect(await stats()).toMatchObject({ clicks: 2, scans: 2 })
  })

  it('goes on to the device and fallback URLs too', async () => {
    const { create } = await owner()
    const routed = await create({ iosUrl: 'https://apps.apple.com/app/id123456789' })
    expect((await whereTo(`${routed.url}?utm_medium=story`, DEVICE_UA.chromeIphone)).location).toBe('https://apps.apple.com/app/id123456789?utm_medium=story')
    const ended = await create({ fallbackUrl: 'https://example.com/ended?from=link' })
    await sql(linkcard.server, 'update share_links set expires_at = $1 where id = $2', [linkcard.server.databaseUrl ? new Date(Date.now() - 1000).toISOString() : Date.now() - 1000, ended.id])
    expect((await whereTo(`${ended.url}?from=visitor&utm_medium=story`)).location).toBe('https://example.com/ended?from=link&utm_medium=story')
  })

  it('is not passed on when the link switches forwarding off, through either API', async () => {
    const { create, change, person } = await owner()
    const link = await create({ forwardQuery: false })
    expect(link.forwardQuery).toBe(false)
    expect((await whereTo(`${link.url}?utm_medium=email`)).location).toBe(TARGET)
    const on = await change(link.id, { forwardQuery: true })
    expect(on.body.forwardQuery).toBe(true)
    expect((await whereTo(`${link.url}?utm_medium=email`)).location).toBe('https://example.com/spring?utm_source=site&utm_medium=email#offer')

    const key = (await linkcard.http.post('/api/apiKeys', { name: 'Forwarding' }, { token: person.token })).body.key
    const bearer = { headers: { authorization: `Bearer ${key}` } }
    const made = await linkcard.http.post('/api/link', { targetUrl: 'https://example.com/api', title: 'Made by the API', forwardQuery: false }, bearer)
    expect(made.status).toBe(201)
    expect((await linkcard.http.get(`/api/link/${made.body.id}`, bearer)).body.forwardQuery).toBe(false)
    expect((await whereTo(`${made.body.url}?a=1`)).location).toBe('https://example.com/api')
    const changed = await linkcard.http.patch(`/api/link/${made.body.id}`, { forwardQuery: true }, bearer)
    expect(changed.body.forwardQuery).toBe(true)
    expect((await whereTo(`${made.body.url}?a=1`)).location).toBe('https://example.com/api?a=1')
  })

  it('is refused as anything but true or false, and changes nothing', async () => {
    const { create, change, person } = await owner()
    const link = await create()
    for (const value of ['yes', 1, null]) {
      const refused = await change(link.id, { forwardQuery: value })
      expect(refused.status).toBe(400)
      expect(refused.text).toContain(LINK_MESSAGES.forwardQuery)
    }
    expect((await linkcard.http.get(`/api/shareLinks/${link.id}`, { token: person.token })).body.forwardQuery).toBe(true)
    expect((await whereTo(`${link.url}?a=1`)).location).toBe('https://example.com/spring?utm_source=site&a=1#offer')
  })

  it("changes no crawler's card, and nothing of it reaches the password form", async () => {
    const { create } = await owner()
    const link = await create()
    const card = await whereTo(`${link.url}?utm_medium=x`, CRAWLER_UA.facebook)
    expect(card.status).toBe(200)
    expect(card.text).toContain('<meta property="og:title" content="Spring sale">')
    expect(card.text).not.toContain('utm_medium')

    const guarded = await create({ password: 'open sesame' })
    const form = await whereTo(`${guarded.url}?utm_medium=email`)
    expect(form.status).toBe(200)
    expect(form.text).not.toContain('utm_medium')
    const unlocked = await fetch(`${linkcard.server.url}/api/unlock/${guarded.slug}?utm_medium=email`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER_UA.chromeWindows },
      body: new URLSearchParams({ password: 'open sesame' }),
    })
    const page = await unlocked.text()
    expect(page).toContain('url=https://example.com/spring?utm_source=site#offer')
    expect(page).not.toContain('utm_medium')
  })
})
