import { describe, expect, it } from 'bun:test'
import { AppError } from './errors'
import { threadCalls } from './thread-calls'

// A thread that answers each call with its input, 20 ms later.
const echo = new URL(
  URL.createObjectURL(
    new Blob([`self.onmessage = ({ data }) => setTimeout(() => postMessage({ id: data.id, output: data.input }), ${20})`], { type: 'text/javascript' }),
  ),
)

describe('threadCalls', () => {
  it('sends one call at a time, keys taking turns: a key asking later waits for the call under way and one more at most', async () => {
    const thread = threadCalls<string, string>(echo, 'echo', { concurrency: 1 })
    const answered: string[] = []
    const call = (key: string, input: string) => thread.call(input, { key }).then((output) => answered.push(output))
    try {
      await Promise.all([...['a1', 'a2', 'a3', 'a4', 'a5'].map((input) => call('a', input)), call('b', 'b1'), call('c', 'c1')])
      expect(answered).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'a4', 'a5'])
    } finally {
      thread.stop()
    }
  })

  it("refuses a key's call past its share with the error given", async () => {
    const busy = new AppError('rate_limited', 'busy')
    // No time limit here: on a busy machine the second call may wait long for the first.
    const thread = threadCalls<string, string>(echo, 'echo', { concurrency: 1, perKey: 2, refusals: { busy: () => busy } })
    try {
      const first = thread.call('a1', { key: 'a' })
      const second = thread.call('a2', { key: 'a' })
      await expect(thread.call('a3', { key: 'a' })).rejects.toBe(busy)
      expect(await first).toBe('a1')
      expect(await second).toBe('a2')
      // Its calls answered, the key may call again.
      expect(await thread.call('a4', { key: 'a' })).toBe('a4')
    } finally {
      thread.stop()
    }
  })

  it('refuses a call that waited too long with the error given, and sends the rest', async () => {
    const thread = threadCalls<string, string>(echo, 'echo', { concurrency: 1, maxWaitMs: 150, refusals: { late: (retryAfter) => new AppError('unavailable', `late ${retryAfter}`) } })
    try {
      // Started first, so the calls below wait for one another, not for the thread to start on a busy machine.
      expect(await thread.call('warm', { key: 'w' })).toBe('warm')
      // Twenty calls of 20 ms each: the last ones wait longer than 150 ms.
      const many = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => thread.call(`k${i}`, { key: `k${i}` })))
      const late = many.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome as PromiseRejectedResult).reason.message)
      expect(late.length).toBeGreaterThan(0)
      expect(new Set(late)).toEqual(new Set(['late 1']))
      // The first is sent at once, to an idle thread: it never waits.
      expect(many[0]).toEqual({ status: 'fulfilled', value: 'k0' })
      expect(thread.waiting).toBe(0)
    } finally {
      thread.stop()
    }
  })
})
