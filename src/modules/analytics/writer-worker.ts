// The event writer's thread, and its composition root: batches of events come in,
// acknowledgements of flushes go out.
import { checkpointWal, closeDb, openDatabase } from '../../platform/db'
import { every } from '../../platform/lifecycle'
import { log } from '../../platform/log'
import { EventReader, type EncodedBatch } from './event-codec'
import { enqueueEvents, finishWriting, flushEvents, moveJournal, startWriting, writerBacklog, type WriterBacklog } from './writer'

export type WriterRequest =
  | { kind: 'events'; batch: EncodedBatch }
  | { kind: 'flush'; id: number }
  | { kind: 'finish'; id: number }
  | { kind: 'backlog'; id: number }
export type WriterReply = { id: number; error?: string; backlog?: WriterBacklog }

declare const self: Worker

const reader = new EventReader()

// SQLite: the request thread leaves the WAL's checkpoints to this one (leaveCheckpointsToAnotherThread).
const CHECKPOINT_INTERVAL_MS = 1000

openDatabase()
startWriting()
every(CHECKPOINT_INTERVAL_MS, () => {
  try {
    checkpointWal()
  } catch (error) {
    log.warn('checkpointing the database failed', { error })
  }
})
// What a killed process left in the journal is moved, and counted, as this thread starts.
void moveJournal()

self.onmessage = async ({ data }: MessageEvent<WriterRequest>) => {
  if (data.kind === 'events') {
    enqueueEvents(reader.read(data.batch))
    return
  }
  if (data.kind === 'backlog') {
    self.postMessage({ id: data.id, backlog: writerBacklog() } satisfies WriterReply)
    return
  }
  try {
    if (data.kind === 'finish') {
      await finishWriting()
      // Closed here, so no lock of this thread's connection outlives it.
      await closeDb()
    }
    else await flushEvents()
    self.postMessage({ id: data.id } satisfies WriterReply)
  } catch (error) {
    self.postMessage({ id: data.id, error: (error as Error).message } satisfies WriterReply)
  }
}
