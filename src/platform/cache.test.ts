import { describe, expect, it } from 'bun:test'
import { BoundedCache, remembered } from './cache'

describe('BoundedCache', () => {
  it('keeps at most its size, the entry stored longest ago making room, hits or not', () => {
    const cache = new BoundedCache<string, number>(3)
    for (const [key, value] of [['a', 1], ['b', 2], ['c', 3]] as const) cache.set(key, value)
    expect(cache.get('a')).toBe(1)
    cache.set('d', 4)
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([undefined, 2, 3, 4])
    expect(cache.size).toBe(3)
    // Replacing a value makes no room.
    cache.set('b', 20)
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([20, 3, 4])
  })

  it('answers nothing for an entry past its time to live, its own or the cache’s', () => {
    const cache = new BoundedCache<string, string>(10, 1000)
    const now = Date.now()
    cache.set('default', 'x')
    cache.set('short', 'y', 10)
    expect(cache.get('default', now + 500)).toBe('x')
    expect(cache.get('short', now + 500)).toBeUndefined()
    expect(cache.get('default', now + 2000)).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('forgets the entries whose value matches, and everything on clear', () => {
    const cache = new BoundedCache<string, { account: string }>(10)
    cache.set('1', { account: 'a' })
    cache.set('2', { account: 'b' })
    cache.set('3', { account: 'a' })
    cache.deleteWhere((value) => value.account === 'a')
    expect([cache.get('1'), cache.get('2')?.account, cache.get('3')]).toEqual([undefined, 'b', undefined])
    cache.clear()
    expect(cache.size).toBe(0)
  })
})

describe('remembered', () => {
  it('computes each argument once while it is remembered, including falsy answers', () => {
    const calls: string[] = []
    const length = remembered(2, (key) => {
      calls.push(key)
      return key === 'none' ? null : key.length
    })
    expect([length('ab'), length('ab'), length('none'), length('none'), length('ab')]).toEqual([2, 2, null, null, 2])
    expect(calls).toEqual(['ab', 'none'])
    length('xyz')
    length('ab')
    expect(calls).toEqual(['ab', 'none', 'xyz', 'ab'])
  })
})
