import { describe, expect, it } from 'bun:test'
import { eq } from 'drizzle-orm'
import { db, kit } from '../../platform/db'
import { accountTables } from '../accounts/tables'
import { domainTables } from './tables'
import type { Plan } from '../../shared/domain'
import { changePlan, createAccount } from '../accounts/service'
import type { Actor } from '../auth/service'
import { accountIdForHost, customDomainUrlFor, mayIssueCertificate, provideDomainLinks, removeCustomDomain } from './service'

// What the links module would answer: these accounts have no links.
provideDomainLinks({ countLinksOn: async () => 0 })

const { accounts } = accountTables(kit)
const { customDomains } = domainTables(kit)

let counter = 0

async function accountWithDomain(plan: Plan, domain: { status: string; sslStatus: string }) {
  const account = await createAccount(`unit-${++counter}`)
  await db.update(accounts).set({ plan }).where(eq(accounts.id, account.id))
  const hostname = `links.unit-${counter}-${Date.now().toString(36)}.com`
  await db.insert(customDomains).values({ accountId: account.id, hostname, verificationToken: 'token', ...domain })
  return { accountId: account.id, hostname }
}

const actorFor = (accountId: string, plan: Plan): Actor => ({
  id: 'user',
  email: 'owner@example.com',
  role: 'owner',
  isSuperAdmin: false,
  accountId,
  accountName: 'unit',
  plan,
  createdAt: new Date(),
  tokenVersion: 0,
  secondFactorRequired: false,
  mustSetUpSecondFactor: false,
})

describe('accountIdForHost', () => {
  it('finds the account of a verified domain, whatever the case, port or final dot of the Host header', async () => {
    const { accountId, hostname } = await accountWithDomain('pro', { status: 'active', sslStatus: 'pending' })
    expect(await accountIdForHost(hostname)).toBe(accountId)
    expect(await accountIdForHost(`${hostname.toUpperCase()}:443`)).toBe(accountId)
    expect(await accountIdForHost(`${hostname}.`)).toBe(accountId)
  })

  it('ignores pending domains, unknown hosts and the product host', async () => {
    const { hostname } = await accountWithDomain('indie', { status: 'pending', sslStatus: 'pending' })
    expect(await accountIdForHost(hostname)).toBeUndefined()
    expect(await accountIdForHost('nobody.example.com')).toBeUndefined()
    expect(await accountIdForHost('localhost:3000')).toBeUndefined()
  })

  it('ignores the domain of an account on the free plan', async () => {
    const { hostname } = await accountWithDomain('free', { status: 'active', sslStatus: 'active' })
    expect(await accountIdForHost(hostname)).toBeUndefined()
    expect(await mayIssueCertificate(hostname)).toBe(false)
  })

  it('forgets a removed domain at once, despite the cache', async () => {
    const { accountId, hostname } = await accountWithDomain('indie', { status: 'active', sslStatus: 'active' })
    expect(await accountIdForHost(hostname)).toBe(accountId)
    await removeCustomDomain(actorFor(accountId, 'indie'))
    expect(await accountIdForHost(hostname)).toBeUndefined()
  })
})

describe('customDomainUrlFor', () => {
  it('answers the https address only once DNS and certificate are both active', async () => {
    const live = await accountWithDomain('pro', { status: 'active', sslStatus: 'active' })
    expect(await customDomainUrlFor(live.accountId)).toBe(`https://${live.hostname}`)
    const waiting = await accountWithDomain('pro', { status: 'active', sslStatus: 'pending' })
    expect(await customDomainUrlFor(waiting.accountId)).toBeUndefined()
  })
})

describe('accountIdForHost after a plan change', () => {
  it('stops answering for an account moved to Free, despite the cache', async () => {
    const { accountId, hostname } = await accountWithDomain('pro', { status: 'active', sslStatus: 'active' })
    expect(await accountIdForHost(hostname)).toBe(accountId)
    await changePlan(accountId, 'free')
    expect(await accountIdForHost(hostname)).toBeUndefined()
    await changePlan(accountId, 'indie')
    expect(await accountIdForHost(hostname)).toBe(accountId)
  })
})
