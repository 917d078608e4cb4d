// The owners hear by mail when 80% of the period's previews are counted, and when all are: once
// each per period, from the counts as stored.
import { describe, expect, it } from 'bun:test'
import { signUp, type SignedIn } from '../helpers/accounts'
import { visit, } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import { readOutbox } from '../helpers/outbox'
import { serverAroundTests } from '../helpers/server'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { CRAWLER_UA } from '../helpers/user-agents'

const linkcard = serverAroundTests(startInProcess)

const noticesTo = (who: SignedIn) => readOutbox(linkcard.server.dataDir).filter((mail) => mail.to.includes(who.user.email) && /previews/.test(mail.subject))
const stored = async (who: SignedIn) =>
  Number((await sql<{ previews: number }>(linkcard.server, 'select previews from usage_counters where account_id = $1', [who.user.accountId]))[0]?.previews ?? 0)

describe('quota notices', () => {
  it('tell the owners at 80% and at 100% of the free plan, once each', async () => {
    const owner = await signUp(linkcard.http, 'quota-notice')
    const link = (await linkcard.http.post('/api/shareLinks', { targetUrl: 'https://example.com/', title: 'Counted' }, { token: owner.token })).body
    // Each platform's first fetch counts once; earlier previews are set straight in the table.
    const preview = async (platform: string, from: string) => {
      const before = await stored(owner)
      expect((await visit(link.url, { userAgent: CRAWLER_UA[platform], from })).status).toBe(200)
      await until(() => stored(owner), { what: 'the preview to be stored', done: (count) => count > before })
    }
    await preview('facebook', '198.51.100.1')
    expect(noticesTo(owner)).toEqual([])

    await sql(linkcard.server, 'update usage_counters set previews = 398 where account_id = $1', [owner.user.accountId])
    await preview('slack', '198.51.100.2')
    expect(noticesTo(owner)).toEqual([])
    await preview('linkedin', '198.51.100.3')
    const eighty = await until(() => noticesTo(owner), { what: 'the 80% notice', done: (mails) => mails.length === 1 })
    expect(eighty[0].subject).toBe("You have used 80% of this month's previews")
    expect(eighty[0].text).toContain('500 previews of the Free plan')
    expect(eighty[0].text).toContain(`${linkcard.server.url}/billing`)

    // Past 80% but short of all: no second notice.
    await preview('x', '198.51.100.4')
    await sql(linkcard.server, 'update usage_counters set previews = 499 where account_id = $1', [owner.user.accountId])
    await preview('discord', '198.51.100.5')
    const all = await until(() => noticesTo(owner), { what: 'the 100% notice', done: (mails) => mails.length === 2 })
    expect(all[1].subject).toBe("You have used all of this month's previews")
    expect(all[1].text).toContain('Your short links keep working')

    // Counted again past the line (as a count set back by hand would be): still no third mail.
    await sql(linkcard.server, 'update usage_counters set previews = 450 where account_id = $1', [owner.user.accountId])
    await preview('telegram', '198.51.100.6')
    await sql(linkcard.server, 'update usage_counters set previews = 499 where account_id = $1', [owner.user.accountId])
    await preview('whatsapp', '198.51.100.7')
    expect(noticesTo(owner)).toHaveLength(2)
  })
})
