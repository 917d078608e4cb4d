// Work done on a thread of its own and answered by promise, so the thread answering requests (and
// redirects) never waits for it: card images and QR codes drawn, uploads re-encoded, pages parsed,
// long reads of SQLite.
//
// Calls wait their turn here, not on the thread, in a lane per key (an account): lanes take turns,
// each sends one call at a time, so however many calls one account, or a crowd of them, makes,
// another account's call waits for at most one call of each account ahead of it. A key may have
// only so many calls waiting, and a call waits only so long before it is refused.
import { AppError } from './errors'
import { log } from './log'

type Request<I> = { id: number; input: I }
type Reply<O> = { id: number; output?: O; error?: string }

export type ThreadCallOptions = {
  /** Calls on the thread at once; more wait their turn here. Infinity leaves the waiting to the thread. */
  concurrency?: number
  /** Calls a key may have waiting or under way; another is refused with `refusals.busy`. */
  perKey?: number
  /** How long a call may wait its turn before it is refused with `refusals.late`. */
  maxWaitMs?: number
  refusals?: { busy?: () => AppError; late?: (retryAfter: number) => AppError }
}

type Call<I, O> = {
  key: string
  input: I
  transfer: Transferable[]
  resolve: (output: O) => void
  reject: (error: Error) => void
  timer?: ReturnType<typeof setTimeout>
}

/** Calls to `entry`'s thread, started with the first call; one that fails is replaced at the next. */
export function threadCalls<I, O>(entry: URL, name: string, options: ThreadCallOptions = {}) {
  const { concurrency = Number.POSITIVE_INFINITY, perKey = Number.POSITIVE_INFINITY, maxWaitMs = Number.POSITIVE_INFINITY } = options
  let worker: Worker | undefined
  let nextId = 0
  const underWay = new Map<number, Call<I, O>>()
  // Each key's calls not yet sent, and the keys with any, in the order they take turns.
  const lanes = new Map<string, Call<I, O>[]>()
  const turns: string[] = []
  // Calls of each key waiting or under way.
  const held = new Map<string, number>()

  function start() {
    // It reads its settings from the environment as it is now, like this thread did.
    const started = new Worker(entry, { env: { ...process.env } } as WorkerOptions)
    // A thread waiting for calls keeps no process alive (Bun's Worker has unref).
    ;(started as unknown as { unref(): void }).unref()
    started.onmessage = ({ data }: MessageEvent<Reply<O>>) => {
      const call = underWay.get(data.id)
      underWay.delete(data.id)
      if (call) settle(call)
      if (data.error === undefined) call?.resolve(data.output as O)
      else call?.reject(new Error(data.error))
      sendNext()
    }
    started.onerror = (event) => {
      log.error(`the ${name} thread failed`, { error: event.message })
      const failed = [...underWay.values()]
      underWay.clear()
      started.terminate()
      worker = undefined
      for (const call of failed) {
        settle(call)
        call.reject(new Error(`The ${name} thread stopped.`))
      }
      sendNext()
    }
    return started
  }

  function settle(call: Call<I, O>) {
    const left = (held.get(call.key) ?? 1) - 1
    if (left > 0) held.set(call.key, left)
    else held.delete(call.key)
  }

  function send(call: Call<I, O>) {
    clearTimeout(call.timer)
    worker ??= start()
    const id = nextId++
    underWay.set(id, call)
    worker.postMessage({ id, input: call.input } satisfies Request<I>, call.transfer)
  }

  /** Sends waiting calls while the thread has room, a key's first call at a time, keys in turn. */
  function sendNext() {
    while (underWay.size < concurrency && turns.length > 0) {
      const key = turns.shift()!
      const lane = lanes.get(key)!
      send(lane.shift()!)
      if (lane.length > 0) turns.push(key)
      else lanes.delete(key)
    }
  }

  function giveUp(call: Call<I, O>) {
    const lane = lanes.get(call.key)
    const at = lane?.indexOf(call) ?? -1
    if (!lane || at < 0) return
    lane.splice(at, 1)
    if (lane.length === 0) {
      lanes.delete(call.key)
      turns.splice(turns.indexOf(call.key), 1)
    }
    settle(call)
    call.reject(options.refusals?.late?.(Math.ceil(maxWaitMs / 1000)) ?? new AppError('unavailable', `The ${name} is busy; try again in a moment.`, undefined, Math.ceil(maxWaitMs / 1000)))
  }

  return {
    /** Calls waiting or under way. */
    get waiting() {
      return underWay.size + [...lanes.values()].reduce((sum, lane) => sum + lane.length, 0)
    },
    /** Calls `input` on the thread in `key`'s turn (one lane for all when none is given), handing over `transfer`. */
    call(input: I, { key = '', transfer = [] }: { key?: string; transfer?: Transferable[] } = {}): Promise<O> {
      if ((held.get(key) ?? 0) >= perKey) return Promise.reject(options.refusals?.busy?.() ?? new AppError('rate_limited', `Too many calls are waiting for the ${name}.`))
      held.set(key, (held.get(key) ?? 0) + 1)
      return new Promise<O>((resolve, reject) => {
        const call: Call<I, O> = { key, input, transfer, resolve, reject }
        const lane = lanes.get(key)
        if (lane) lane.push(call)
        else {
          lanes.set(key, [call])
          turns.push(key)
        }
        if (Number.isFinite(maxWaitMs)) call.timer = setTimeout(() => giveUp(call), maxWaitMs)
        sendNext()
      })
    },
    /** Ends the thread; calls under way or waiting fail. */
    stop() {
      worker?.terminate()
      worker = undefined
      const failed = [...underWay.values(), ...[...lanes.values()].flat()]
      underWay.clear()
      lanes.clear()
      turns.length = 0
      held.clear()
      for (const call of failed) {
        clearTimeout(call.timer)
        call.reject(new Error(`The ${name} thread stopped.`))
      }
    },
  }
}

/** The thread's side: answers each call with what `work` makes of it, handing over the buffers `transferOf` names. */
export function answerCalls<I, O>(work: (input: I) => O | Promise<O>, transferOf: (output: O) => Transferable[] = () => []) {
  const thread = self as unknown as Worker
  thread.onmessage = async ({ data }: MessageEvent<Request<I>>) => {
    try {
      const output = await work(data.input)
      thread.postMessage({ id: data.id, output } satisfies Reply<O>, transferOf(output))
    } catch (error) {
      thread.postMessage({ id: data.id, error: (error as Error).message } satisfies Reply<O>)
    }
  }
}
