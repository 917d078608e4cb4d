import { describe, expect, it } from 'bun:test'
import { runtimeAroundTests } from '../../tests/helpers/runtime'
import { exactCounters } from './counters'

// The store the topology chose: memory on SQLite, the database on PostgreSQL.
runtimeAroundTests()

describe('counts bounded by a limit', () => {
  it('count exactly up to the limit under concurrent first uses, starting from the persisted count', async () => {
    const key = `test-bounded:${crypto.randomUUID()}`
    let seeded = 0
    const seed = async () => {
      seeded += 1
      return 3
    }
    const answers = await Promise.all(Array.from({ length: 20 }, () => exactCounters.hitBelow(key, 10, seed, 60_000)))
    expect(answers.filter(Boolean).length).toBe(7)
    expect(seeded).toBeGreaterThan(0)
    expect(await exactCounters.read([key, `${key}:other`])).toEqual([10, null])
  })

  it('count without end when there is no limit', async () => {
    const key = `test-unbounded:${crypto.randomUUID()}`
    const answers = await Promise.all(Array.from({ length: 30 }, () => exactCounters.hitBelow(key, null, async () => 0, 60_000)))
    expect(answers.every(Boolean)).toBe(true)
    expect(await exactCounters.read([key])).toEqual([30])
  })
})
