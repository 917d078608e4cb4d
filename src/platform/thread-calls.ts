// Work done on a thread of its own and answered by promise, so the thread answering requests (and
// redirects) never waits for it: card images drawn, uploads re-encoded.
import { log } from './log'

type Request<I> = { id: number; input: I }
type Reply<O> = { id: number; output?: O; error?: string }

/** Calls to `entry`'s thread, started with the first call (not ref'd: it never keeps a process alive); one that fails is replaced at the next. */
export function threadCalls<I, O>(entry: URL, name: string) {
  let worker: Worker | undefined
  let nextId = 0
  const waiting = new Map<number, { resolve: (output: O) => void; reject: (error: Error) => void }>()

  function start() {
    const started = new Worker(entry)
    started.onmessage = ({ data }: MessageEvent<Reply<O>>) => {
      const call = waiting.get(data.id)
      waiting.delete(data.id)
      if (data.error === undefined) call?.resolve(data.output as O)
      else call?.reject(new Error(data.error))
    }
    started.onerror = (event) => {
      log.error(`the ${name} thread failed`, { error: event.message })
      for (const call of waiting.values()) call.reject(new Error(`The ${name} thread stopped.`))
      waiting.clear()
      started.terminate()
      worker = undefined
    }
    return started
  }

  return {
    /** Calls sent and not yet answered. */
    get waiting() {
      return waiting.size
    },
    call(input: I, transfer: Transferable[] = []): Promise<O> {
      worker ??= start()
      const id = nextId++
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        worker!.postMessage({ id, input } satisfies Request<I>, transfer)
      })
    },
  }
}

/** The thread's side: answers each call with what `work` makes of it, handing over the buffers `transferOf` names. */
export function answerCalls<I, O>(work: (input: I) => Promise<O>, transferOf: (output: O) => Transferable[]) {
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
