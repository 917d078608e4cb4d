import { describe, expect, it } from 'bun:test'
import { queuedFlight, singleFlight, singleFlightBy } from './single-flight'

/** A run that finishes when told to, counting how many were started. */
function gated() {
  let started = 0
  const open: (() => void)[] = []
  const work = async () => {
    started += 1
    await new Promise<void>((resolve) => open.push(resolve))
    return started
  }
  const finish = () => {
    for (const resolve of open.splice(0)) resolve()
  }
  return { work, finish, started: () => started }
}

describe('singleFlight', () => {
  it('shares the run under way with every call made meanwhile, and runs again after it', async () => {
    const { work, finish, started } = gated()
    const flight = singleFlight(work)
    const calls = [flight(), flight(), flight()]
    expect(flight.running).toBe(calls[0])
    finish()
    expect(await Promise.all(calls)).toEqual([1, 1, 1])
    expect(flight.running).toBeUndefined()
    const again = flight()
    finish()
    expect(await again).toBe(2)
    expect(started()).toBe(2)
  })

  it('forgets a run that failed, so the next call tries again', async () => {
    let calls = 0
    const flight = singleFlight(async () => {
      calls += 1
      if (calls === 1) throw new Error('first fails')
      return calls
    })
    await expect(flight()).rejects.toThrow('first fails')
    expect(await flight()).toBe(2)
  })
})

describe('queuedFlight', () => {
  it('makes a call during a run wait for it, then run on its own, never two at once', async () => {
    let running = 0
    let most = 0
    let runs = 0
    const { work: hold, finish } = gated()
    const flight = queuedFlight(async () => {
      running += 1
      most = Math.max(most, running)
      runs += 1
      await hold()
      running -= 1
    })
    const first = flight()
    const second = flight()
    const third = flight()
    for (let i = 0; i < 10 && runs < 3; i++) {
      finish()
      // One turn of the event loop lets the next queued run start; the loop checks for it.
      await Bun.sleep(0)
    }
    finish()
    await Promise.all([first, second, third])
    expect(runs).toBe(3)
    expect(most).toBe(1)
  })
})

describe('singleFlightBy', () => {
  it('shares runs per key of the first argument, and keeps keys apart', async () => {
    const { work, finish, started } = gated()
    const flight = singleFlightBy(async (key: string, _extra: number) => `${key}:${await work()}`, (key) => key)
    const a1 = flight('a', 1)
    const a2 = flight('a', 2)
    const b = flight('b', 1)
    expect(a2).toBe(a1)
    expect(b).not.toBe(a1)
    finish()
    await Promise.all([a1, b])
    expect(started()).toBe(2)
  })
})
