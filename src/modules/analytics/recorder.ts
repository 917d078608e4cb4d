// Click and preview events leave the redirect path in batches (event-codec.ts): every
// SEND_INTERVAL_MS, or every SEND_SIZE events, a batch goes to the event writer's own thread
// (writer.ts), which classifies and stores them. A graceful stop hands over what is left and waits
// until it is written.
import { leaveCheckpointsToAnotherThread } from '../../platform/db'
import { tellActivity } from '../../platform/events'
import { every, type Running } from '../../platform/lifecycle'
import { log } from '../../platform/log'
import { EVENT_WRITER_ENTRY } from '../../threads'
import { Dictionary, EventBatch } from './event-codec'
import type { WriterReply, WriterRequest } from './writer-worker'
import type { RecordedEvent } from './writer'

export type { RecordedEvent }

const SEND_INTERVAL_MS = 50
// Posting a batch pauses the thread answering requests: smaller batches keep the pauses, and so
// the slowest answers, short.
const SEND_SIZE = 500

const RESTART_DELAY_MS = 1000
// Past this, a writer that keeps failing would eat the memory: older events are dropped.
const MAX_PENDING = 200_000

// Events waiting to be sent (event-codec.ts), with how many times each happened in a row: an event
// just like the one before it (same link and client, same millisecond) is counted, not added
// again, so a flood of identical requests crosses to the writer as one row.
const dictionary = new Dictionary()
let pending = new EventBatch(dictionary, SEND_SIZE)
let previous: RecordedEvent | undefined

const sameEvent = (a: RecordedEvent, b: RecordedEvent) =>
  a.at === b.at && a.linkId === b.linkId && a.type === b.type && a.isScan === b.isScan && a.ip === b.ip && a.userAgent === b.userAgent &&
  a.referrer === b.referrer && a.country === b.country && a.platform === b.platform && a.variant === b.variant && a.card === b.card && a.unverified === b.unverified

let nextId = 0
const waiting = new Map<number, { resolve: (reply: WriterReply) => void; reject: (error: Error) => void }>()
let worker: Worker | undefined

function startWriter() {
  // Not ref'd (Bun's default): the writer never keeps a process alive; the shutdown task ends it.
  // It reads its settings from the environment as it is now, like this thread did.
  const writer = new Worker(EVENT_WRITER_ENTRY, { env: { ...process.env } as Record<string, string> })
  // It knows no strings yet: the next batch carries all of them.
  dictionary.resend()
  writer.onmessage = ({ data }: MessageEvent<WriterReply>) => {
    const request = waiting.get(data.id)
    waiting.delete(data.id)
    if (data.error) request?.reject(new Error(data.error))
    else request?.resolve(data)
  }
  writer.onerror = (event) => {
    // The batches it held are lost; a new writer takes over after a pause, and events wait for it.
    log.error('event writer failed; restarting it', { error: event.message })
    for (const request of waiting.values()) request.reject(new Error('The event writer stopped.'))
    waiting.clear()
    writer.terminate()
    worker = undefined
    setTimeout(() => (worker ??= startWriter()), RESTART_DELAY_MS).unref()
  }
  return writer
}

function send() {
  if (pending.size === 0 || !worker) return
  const batch = pending.encode()
  worker.postMessage({ kind: 'events', batch } satisfies WriterRequest, [batch.rows.buffer])
  dictionary.trim()
  pending = new EventBatch(dictionary, SEND_SIZE)
  previous = undefined
}

function ask(request: { kind: 'flush' } | { kind: 'finish' } | { kind: 'backlog' }, { sendFirst = true } = {}): Promise<WriterReply> {
  if (sendFirst) send()
  const writer = worker
  if (!writer) return Promise.reject(new Error('The event writer is restarting.'))
  const id = ++nextId
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject })
    writer.postMessage({ ...request, id } satisfies WriterRequest)
  })
}

export function recordEvent(event: RecordedEvent) {
  // An unverified preview counted nothing: webhooks hear only of counted activity.
  if (!event.unverified) tellActivity({ accountId: event.accountId, linkId: event.linkId, kind: event.type, isScan: event.isScan, platform: event.platform, variant: event.variant })
  if (previous && sameEvent(previous, event)) {
    pending.repeatLast()
    return
  }
  // While the writer restarts, events wait; past MAX_PENDING they are dropped rather than eat memory.
  if (!worker && pending.size >= MAX_PENDING) return
  previous = event
  pending.add(event)
  if (pending.size >= SEND_SIZE) send()
}

/** Resolves once every event recorded so far is stored with its daily totals, breakdowns and unique visitors. */
export const flushEvents = async () => {
  await ask({ kind: 'flush' })
}

/** What waits to be stored, for the metrics: events here (the next batch), in the writer's thread and in its journal. */
export async function eventBacklog() {
  const recorded = pending.size
  const { backlog } = await ask({ kind: 'backlog' }, { sendFirst: false })
  if (!backlog) throw new Error('The event writer sent no backlog.')
  return { recorded, ...backlog }
}

/**
 * Starts the writer's thread, which also checkpoints the database, and sends it what is recorded every
 * SEND_INTERVAL_MS; stopping hands over the rest and waits until it is written.
 */
export function startRecording(): Running {
  worker ??= startWriter()
  leaveCheckpointsToAnotherThread()
  const stop = every(SEND_INTERVAL_MS, send)
  return {
    async stop() {
      stop()
      await ask({ kind: 'finish' })
      worker?.terminate()
      worker = undefined
    },
  }
}
