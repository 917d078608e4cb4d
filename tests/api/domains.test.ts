import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { signUp, type SignedIn } from '../helpers/accounts'
import { startDnsServer, type DnsServer } from '../helpers/dns-server'
import { client, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { readOutbox } from '../helpers/outbox'
import { dbTime, sql } from '../helpers/sql'
import { startTlsServer, type TlsStandIn } from '../helpers/tls-server'

const PAID_ONLY = 'Custom domains are only available on paid plans. Please upgrade to access this feature.'
// The product's host: with PUBLIC_URL http://localhost every CNAME must point at "localhost".
const PRODUCT_HOST = 'localhost'
const APP_HOST = 'app.linkcard-test.com'
// The local TLS server holds a certificate for this name only.
const CERTIFIED = 'links.certified-shop.com'

let dns: DnsServer
let tls: TlsStandIn
let server: TestServer
let http: Client

beforeAll(async () => {
  ;[dns, tls] = await Promise.all([startDnsServer(), startTlsServer([CERTIFIED])])
  server = await startServer({ env: { DNS_RESOLVER: dns.address, ...tls.env, APP_HOST, PUBLIC_URL: `http://${PRODUCT_HOST}` } })
  http = client(server.url)
})
afterAll(async () => {
  await server.close()
  dns.close()
  tls.close()
})

async function payingUser(plan = 'indie') {
  const person = await signUp(http, 'domain')
  await sql(server, 'update accounts set plan = $1 where id = $2', [plan, person.user.accountId])
  return person
}

const status = (person: SignedIn) => http.get('/api/custom-domain/status', { token: person.token })
const add = (person: SignedIn, hostname: unknown) => http.post('/api/custom-domain', { hostname }, { token: person.token })
const verify = (person: SignedIn) => http.post('/api/custom-domain/verify', undefined, { token: person.token })
const tlsAsk = (domain: string) => http.get(`/api/custom-domain/tls-ask?domain=${encodeURIComponent(domain)}`)
const storedDomains = async (person: SignedIn) => sql(server, 'select hostname from custom_domains where account_id = $1', [person.user.accountId])
const messages = (answer: { body: { verificationErrors: { message: string }[] } }) => answer.body.verificationErrors.map((e) => e.message)

/** Publishes the records the product asked for: its TXT value and a CNAME to the product host. */
function publishRecords(hostname: string, token: string, cname = PRODUCT_HOST) {
  dns.set(`_linkcard-verify.${hostname}`, { TXT: [token] })
  dns.set(hostname, { CNAME: cname })
}

describe('custom domain calls without a session', () => {
  it('answer 401', async () => {
    expect((await http.get('/api/custom-domain/status')).status).toBe(401)
    expect((await http.post('/api/custom-domain', { hostname: 'links.example.com' })).status).toBe(401)
    expect((await http.post('/api/custom-domain/verify')).status).toBe(401)
    expect((await http.delete('/api/custom-domain')).status).toBe(401)
  })
})

describe('adding a custom domain', () => {
  it('reports no domain before one is added', async () => {
    const person = await payingUser()
    const answer = await status(person)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      hasCustomDomain: false,
      hostname: null,
      status: null,
      sslStatus: null,
      verificationErrors: null,
      ownershipVerification: null,
      cnameRecord: null,
      lastCheckedAt: null,
    })
  })

  it('refuses the free plan with 403 and the product message, storing nothing', async () => {
    const person = await signUp(http, 'free')
    const answer = await add(person, 'links.free-shop.com')
    expect(answer.status).toBe(403)
    expect(answer.body.message).toBe(PAID_ONLY)
    expect(await storedDomains(person)).toEqual([])
  })

  it('refuses bad hostnames with 400 and a message saying what is wrong', async () => {
    const person = await payingUser()
    const cases: [unknown, string][] = [
      ['', 'Please enter a hostname.'],
      ['   ', 'Please enter a hostname.'],
      ['https://links.example.com', 'Enter the hostname only, such as links.example.com (no https://, path or port).'],
      ['links.example.com/go', 'Enter the hostname only, such as links.example.com (no https://, path or port).'],
      ['links.example.com:8443', 'Enter the hostname only, such as links.example.com (no https://, path or port).'],
      ['203.0.113.7', 'Enter a hostname such as links.example.com, not an IP address.'],
      ['2001:db8::1', 'Enter a hostname such as links.example.com, not an IP address.'],
      ['example', 'Enter a valid hostname such as links.example.com.'],
      ['links..example.com', 'Enter a valid hostname such as links.example.com.'],
      ['-links.example.com', 'Enter a valid hostname such as links.example.com.'],
      ['links_1.example.com', 'Enter a valid hostname such as links.example.com.'],
      ['links.localhost', 'Enter a valid hostname such as links.example.com.'],
      [APP_HOST.toUpperCase(), 'This hostname is already used by Linkcard itself.'],
    ]
    for (const [hostname, message] of cases) {
      const answer = await add(person, hostname)
      expect(answer.status, String(hostname)).toBe(400)
      expect(answer.body.message, String(hostname)).toBe(message)
    }
    expect((await add(person, 42)).status).toBe(400)
    expect((await http.post('/api/custom-domain', {}, { token: person.token })).status).toBe(400)
    expect(await storedDomains(person)).toEqual([])
  })

  it('answers 201 with the lower-cased hostname and the TXT record to publish, then reports what DNS lacks', async () => {
    const person = await payingUser('pro')
    const answer = await add(person, '  Links.Missing-Shop.COM. ')
    expect(answer.status).toBe(201)
    const hostname = 'links.missing-shop.com'
    expect(answer.body.hostname).toBe(hostname)
    expect(answer.body.ownershipVerification.name).toBe(`_linkcard-verify.${hostname}`)
    expect(answer.body.ownershipVerification.value).toMatch(/^linkcard-verify=[\w-]{24}$/)
    expect(answer.body.cnameRecord).toEqual({ type: 'CNAME', name: hostname, value: PRODUCT_HOST })
    expect(answer.body.status).toBe('pending')
    expect(answer.body.sslStatus).toBe('pending')
    expect(messages(answer)).toEqual([`TXT record _linkcard-verify.${hostname} not found.`, `No CNAME record for ${hostname}.`])

    const again = await status(person)
    expect(again.body).toMatchObject({ hasCustomDomain: true, hostname, status: 'pending', ownershipVerification: answer.body.ownershipVerification })
  })

  it('allows one domain per account (409), and a verified hostname for its owner only (409)', async () => {
    const owner = await payingUser()
    const created = await add(owner, 'links.first-shop.com')
    expect(created.status).toBe(201)
    const second = await add(owner, 'links.second-shop.com')
    expect(second.status).toBe(409)
    expect(second.body.message).toBe('Remove your current custom domain first.')
    publishRecords('links.first-shop.com', created.body.ownershipVerification.value)
    expect((await verify(owner)).body.status).toBe('active')

    const other = await payingUser()
    const taken = await add(other, 'LINKS.first-shop.com')
    expect(taken.status).toBe(409)
    expect(taken.body.message).toBe('This hostname is already connected to another account.')
    expect(await storedDomains(other)).toEqual([])
    expect(await storedDomains(owner)).toEqual([{ hostname: 'links.first-shop.com' }])
  })

  it("never lets another account's pending claim block the name: whoever proves the TXT record first owns it", async () => {
    const hostname = 'links.contested-shop.com'
    const squatter = await payingUser()
    const squatted = await add(squatter, hostname)
    expect(squatted.status).toBe(201)
    const owner = await payingUser()
    const claimed = await add(owner, hostname)
    expect(claimed.status).toBe(201)
    expect(claimed.body.status).toBe('pending')

    // The real owner of the name publishes their record; the squatter cannot.
    publishRecords(hostname, claimed.body.ownershipVerification.value)
    expect((await verify(owner)).body.status).toBe('active')
    const lost = await verify(squatter)
    expect(lost.body.status).toBe('pending')
    expect(messages(lost)).toContain(`TXT record has the wrong value.`)

    // Even with both tokens published, the first proof keeps the name.
    dns.set(`_linkcard-verify.${hostname}`, { TXT: [claimed.body.ownershipVerification.value, squatted.body.ownershipVerification.value] })
    const second = await verify(squatter)
    expect(second.body.status).toBe('pending')
    expect(messages(second)).toEqual(['This hostname is already connected to another account.'])
    const rows = await sql<{ account_id: string }>(server, 'select account_id from custom_domains where hostname = $1 and verified_at is not null', [hostname])
    expect(rows).toEqual([{ account_id: owner.user.accountId }])
    expect((await status(owner)).body.status).toBe('active')
  })

  it('stores look-alike spellings of a name as one: punycode, lower case, no final dot', async () => {
    const person = await payingUser()
    const answer = await add(person, 'Ｌinks.BÜCHER-Shop.example.')
    expect(answer.status).toBe(201)
    expect(answer.body.hostname).toBe('links.xn--bcher-shop-9db.example')
    const other = await payingUser()
    publishRecords('links.xn--bcher-shop-9db.example', answer.body.ownershipVerification.value)
    expect((await verify(person)).body.status).toBe('active')
    const again = await add(other, 'links.bücher-shop.EXAMPLE')
    expect(again.status).toBe(409)
    const lookalike = await add(other, 'links.bücher-shоp.example')
    expect(lookalike.status).toBe(400)
    expect(lookalike.body.message).toBe('This hostname mixes alphabets (such as Latin and Cyrillic letters that look alike). Enter each part in one alphabet.')
    expect(await storedDomains(other)).toEqual([])
  })
})

describe('a verified domain whose records go away', () => {
  it('is paused after the daily check, with a notice by mail and in the status, and resumes when they return', async () => {
    const person = await payingUser()
    const hostname = 'links.fading-shop.com'
    const created = await add(person, hostname)
    publishRecords(hostname, created.body.ownershipVerification.value)
    expect((await verify(person)).body.status).toBe('active')
    expect((await tlsAsk(hostname)).status).toBe(200)

    dns.remove(`_linkcard-verify.${hostname}`)
    dns.remove(hostname)
    // Still within the day: nothing is looked up again.
    expect((await status(person)).body.status).toBe('active')
    const twoDaysAgo = dbTime(server, new Date(Date.now() - 2 * 24 * 60 * 60 * 1000))
    await sql(server, 'update custom_domains set dns_checked_at = $1 where account_id = $2', [twoDaysAgo, person.user.accountId])
    const paused = await status(person)
    expect(paused.body.status).toBe('paused')
    expect(messages(paused)).toEqual([`TXT record _linkcard-verify.${hostname} not found.`, `No CNAME record for ${hostname}.`])
    expect((await tlsAsk(hostname)).status).toBe(404)
    const notice = await poll(() => readOutbox(server.dataDir).find((mail) => mail.to.includes(person.email) && mail.subject.includes('paused')))
    expect(notice.subject).toBe(`Your custom domain ${hostname} is paused`)
    expect(notice.text).toContain(created.body.ownershipVerification.value)

    // Another account may claim the paused name, but the owner's records come back first.
    const other = await payingUser()
    expect((await add(other, hostname)).status).toBe(201)

    publishRecords(hostname, created.body.ownershipVerification.value)
    const resumed = await verify(person)
    expect(resumed.body.status).toBe('active')
    expect((await tlsAsk(hostname)).status).toBe(200)
    await poll(() => readOutbox(server.dataDir).find((mail) => mail.to.includes(person.email) && mail.subject === `Your custom domain ${hostname} works again`))
    expect((await verify(other)).body.status).toBe('pending')
  })

  it('goes to a newer claim that proves the TXT record while its owner is paused', async () => {
    const seller = await payingUser()
    const hostname = 'links.sold-shop.com'
    const first = await add(seller, hostname)
    publishRecords(hostname, first.body.ownershipVerification.value)
    expect((await verify(seller)).body.status).toBe('active')
    dns.remove(`_linkcard-verify.${hostname}`)
    await sql(server, 'update custom_domains set dns_checked_at = $1 where account_id = $2', [dbTime(server, new Date(0)), seller.user.accountId])
    expect((await status(seller)).body.status).toBe('paused')

    const buyer = await payingUser()
    const claim = await add(buyer, hostname)
    expect(claim.status).toBe(201)
    publishRecords(hostname, claim.body.ownershipVerification.value)
    expect((await verify(buyer)).body.status).toBe('active')
    expect((await status(seller)).body.hasCustomDomain).toBe(false)
    const rows = await sql<{ account_id: string }>(server, 'select account_id from custom_domains where hostname = $1', [hostname])
    expect(rows).toEqual([{ account_id: buyer.user.accountId }])
    await poll(() => readOutbox(server.dataDir).find((mail) => mail.to.includes(seller.email) && mail.subject === `Your custom domain ${hostname} was removed`))
  })

  it('stays active when a look-up merely fails, and is paused when a record has the wrong value', async () => {
    const person = await payingUser()
    const hostname = 'links.flaky-shop.com'
    const created = await add(person, hostname)
    publishRecords(hostname, created.body.ownershipVerification.value)
    expect((await verify(person)).body.status).toBe('active')
    const dueAgain = () => sql(server, 'update custom_domains set dns_checked_at = $1 where account_id = $2', [dbTime(server, new Date(0)), person.user.accountId])
    await dueAgain()
    dns.set(`_linkcard-verify.${hostname}`, { failing: true })
    dns.set(hostname, { failing: true })
    const flaky = await status(person)
    expect(flaky.body.status).toBe('active')
    expect((await tlsAsk(hostname)).status).toBe(200)
    await dueAgain()
    dns.set(`_linkcard-verify.${hostname}`, { TXT: ['linkcard-verify=someone-else'] })
    dns.set(hostname, { CNAME: PRODUCT_HOST })
    expect((await status(person)).body.status).toBe('paused')
  })
})

/** Polls until `find` answers something (mail is sent in the background). */
async function poll<T>(find: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const found = find()
    if (found !== undefined) return found
    if (Date.now() > until) throw new Error('not found in time')
    await Bun.sleep(25)
  }
}

describe('verification against DNS', () => {
  it('says when the TXT record has the wrong value and the CNAME points elsewhere', async () => {
    const person = await payingUser()
    const hostname = 'links.wrong-shop.com'
    expect((await add(person, hostname)).status).toBe(201)
    dns.set(`_linkcard-verify.${hostname}`, { TXT: ['linkcard-verify=somebody-elses-token'] })
    dns.set(hostname, { CNAME: 'other-product.example.net' })
    const answer = await verify(person)
    expect(answer.status).toBe(200)
    expect(answer.body.status).toBe('pending')
    expect(messages(answer)).toEqual(['TXT record has the wrong value.', `CNAME of ${hostname} points to other-product.example.net, expected ${PRODUCT_HOST}.`])
    expect((await tlsAsk(hostname)).status).toBe(404)
  })

  it('turns active once both records are right, and the certificate once the proxy serves a valid one', async () => {
    const person = await payingUser()
    const created = await add(person, CERTIFIED)
    expect(created.body.status).toBe('pending')
    publishRecords(CERTIFIED, created.body.ownershipVerification.value)
    const answer = await verify(person)
    expect(answer.body).toMatchObject({ hostname: CERTIFIED, status: 'active', sslStatus: 'active', verificationErrors: [] })
    const [row] = await sql<{ verified_at: unknown }>(server, 'select verified_at from custom_domains where account_id = $1', [person.user.accountId])
    expect(row.verified_at).not.toBeNull()
    expect((await status(person)).body).toMatchObject({ status: 'active', sslStatus: 'active' })
  })

  it('keeps the certificate pending, saying so, while the proxy has no valid certificate for the name', async () => {
    const person = await payingUser()
    const hostname = 'links.uncertified-shop.com'
    const created = await add(person, hostname)
    publishRecords(hostname, created.body.ownershipVerification.value)
    const answer = await verify(person)
    expect(answer.body).toMatchObject({ status: 'active', sslStatus: 'pending' })
    expect(messages(answer)).toEqual([`Waiting for the SSL certificate of ${hostname}; it is issued automatically once DNS is verified.`])
  })

  it('verifies at once when the records already exist', async () => {
    const person = await payingUser('enterprise')
    const hostname = 'go.ready-shop.com'
    dns.set(hostname, { CNAME: `${PRODUCT_HOST}.` })
    const first = await add(person, hostname)
    expect(messages(first)).toEqual([`TXT record _linkcard-verify.${hostname} not found.`])
    dns.set(`_linkcard-verify.${hostname}`, { TXT: ['unrelated=1', first.body.ownershipVerification.value] })
    expect((await verify(person)).body.status).toBe('active')
  })
})

describe('tls-ask', () => {
  it('answers 200 only for a verified domain or the product host, else 404', async () => {
    const person = await payingUser()
    const hostname = 'links.asked-shop.com'
    const created = await add(person, hostname)
    expect((await tlsAsk(hostname)).status).toBe(404)
    publishRecords(hostname, created.body.ownershipVerification.value)
    await verify(person)
    expect((await tlsAsk(hostname)).status).toBe(200)
    expect((await tlsAsk(hostname.toUpperCase())).status).toBe(200)
    expect((await tlsAsk(PRODUCT_HOST)).status).toBe(200)
    expect((await tlsAsk(APP_HOST)).status).toBe(200)
    expect((await tlsAsk('unknown.example.com')).status).toBe(404)
    expect((await http.get('/api/custom-domain/tls-ask')).status).toBe(404)
  })
})

describe('removing a custom domain', () => {
  it('answers 204, forgets the domain and stops certificates for it', async () => {
    const person = await payingUser()
    const hostname = 'links.removed-shop.com'
    const created = await add(person, hostname)
    publishRecords(hostname, created.body.ownershipVerification.value)
    await verify(person)
    expect((await tlsAsk(hostname)).status).toBe(200)
    const removed = await http.delete('/api/custom-domain', { token: person.token })
    expect(removed.status).toBe(204)
    expect((await status(person)).body.hasCustomDomain).toBe(false)
    expect((await tlsAsk(hostname)).status).toBe(404)
    const again = await http.delete('/api/custom-domain', { token: person.token })
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('There is no custom domain to remove.')
    // The hostname is free again.
    expect((await add(person, hostname)).status).toBe(201)
  })

  it("lets no other account see or remove a domain", async () => {
    const owner = await payingUser()
    expect((await add(owner, 'links.private-shop.com')).status).toBe(201)
    const other = await payingUser()
    expect((await status(other)).body.hasCustomDomain).toBe(false)
    expect((await http.delete('/api/custom-domain', { token: other.token })).status).toBe(404)
    expect((await verify(other)).status).toBe(404)
    expect(await storedDomains(owner)).toEqual([{ hostname: 'links.private-shop.com' }])
  })
})
