// Resolving short-link paths through the link cache. On PostgreSQL an instance remembers no
// misses (another instance may create the link a moment later), so these tests show there that
// a visited alias is still answered from memory, and that an exact slug keeps winning.
import { describe, expect, it } from 'bun:test'
import { createAccount } from '../accounts/service'
import { cacheEpoch, invalidateLink, lookUp, writeCache } from './resolve'
import { createLink } from './create'
import { deleteLink, updateLink } from './service'
import { until } from '../../../tests/helpers/until'
import { runtimeAroundTests } from '../../../tests/helpers/runtime'

runtimeAroundTests()

let counter = 0

async function newOwner() {
  const account = await createAccount(`resolve-unit-${++counter}`)
  return { accountId: account.id, plan: 'free' as const }
}

const unique = () => `${Date.now().toString(36)}${++counter}`

/** The link a path names, looked up as a QR code does (on no host). */
const resolveLink = async (path: string) => await lookUp(null, path)

/** What lookUp answers from memory alone: undefined when it has to read the database. */
function cachedLink(path: string) {
  const answer = lookUp(null, path)
  return answer instanceof Promise ? undefined : answer
}

describe('short-link paths', () => {
  it('answers a visited alias from memory next time, in the letter case it was visited in', async () => {
    const owner = await newOwner()
    const link = await createLink(owner, { targetUrl: 'https://example.com/', title: 'Aliased', alias: `Mem-${unique()}` })
    const visited = link.alias!.toLowerCase()
    expect(cachedLink(visited)).toBeUndefined()
    expect((await resolveLink(visited))?.id).toBe(link.id)
    expect(cachedLink(visited)?.id).toBe(link.id)
    expect((await resolveLink(link.alias!.toUpperCase()))?.id).toBe(link.id)
  })

  it('forgets it when the alias changes or the link goes', async () => {
    const owner = await newOwner()
    const link = await createLink(owner, { targetUrl: 'https://example.com/', title: 'Moving', alias: `move-${unique()}` })
    const first = link.alias!
    expect((await resolveLink(first))?.id).toBe(link.id)
    await updateLink(owner, link.id, { alias: `moved-${unique()}` })
    expect(cachedLink(first)).toBeUndefined()
    expect(await resolveLink(first)).toBeUndefined()

    const second = (await createLink(owner, { targetUrl: 'https://example.com/', title: 'Going', alias: `gone-${unique()}` })).alias!
    const secondId = (await resolveLink(second))!.id
    await deleteLink(owner, secondId)
    expect(cachedLink(second)).toBeUndefined()
    expect(await resolveLink(second)).toBeUndefined()
  })

  it('lets an exact slug win over an alias that differs only in letter case', async () => {
    const owner = await newOwner()
    // A slug with a letter, so some other letter case of it is a different path.
    let slugged = await createLink(owner, { targetUrl: 'https://example.com/slug', title: 'By slug' })
    while (!/[a-z]/i.test(slugged.slug)) slugged = await createLink(owner, { targetUrl: `https://example.com/${unique()}`, title: 'By slug' })
    const other = slugged.slug === slugged.slug.toLowerCase() ? slugged.slug.toUpperCase() : slugged.slug.toLowerCase()
    const aliased = await createLink(owner, { targetUrl: 'https://example.com/alias', title: 'By alias', alias: other })

    for (let round = 0; round < 2; round++) {
      expect((await resolveLink(other))?.id).toBe(aliased.id)
      expect((await resolveLink(slugged.slug))?.id).toBe(slugged.id)
      expect(cachedLink(slugged.slug)?.id).toBe(slugged.id)
      expect(cachedLink(other)?.id).toBe(aliased.id)
    }
  })

  it('keeps slugs and aliases apart: a path spelled like a key of the other kind leaves it alone', async () => {
    const owner = await newOwner()
    const link = await createLink(owner, { targetUrl: 'https://example.com/', title: 'Apart', alias: `apart-${unique()}` })
    // Any string reaches the resolver through /qr/:path; these name no link.
    for (const path of [`a:${link.alias}`, `s:${link.slug}`]) expect(await resolveLink(path)).toBeUndefined()
    expect((await resolveLink(link.alias!))?.id).toBe(link.id)
    expect((await resolveLink(link.slug))?.id).toBe(link.id)
    expect(cachedLink(link.alias!)?.id).toBe(link.id)
  })

  it('keeps no row that was read while a change landed, which could be older than the change', async () => {
    const owner = await newOwner()
    const link = await createLink(owner, { targetUrl: 'https://example.com/', title: 'Raced' })
    const row = (await resolveLink(link.slug))!
    const before = cacheEpoch()
    invalidateLink(row)
    await until(() => cacheEpoch(), { what: 'the invalidation to land', done: (epoch) => epoch > before })
    // Read before that invalidation, written after it: not kept.
    writeCache('slug', link.slug, row, before)
    expect(cachedLink(link.slug)).toBeUndefined()
    writeCache('slug', link.slug, row, cacheEpoch())
    expect(cachedLink(link.slug)?.id).toBe(link.id)
  })
})
