// For in-process tests of services: the runtime as the server starts it, without its HTTP server
// or periodic background work, started before the file's tests and stopped after them.
import { afterAll, beforeAll } from 'bun:test'
import type { Lifecycle } from '../../src/platform/lifecycle'
import { startLinkcard } from '../../src/runtime'

export function runtimeAroundTests() {
  let lifecycle: Lifecycle | undefined
  beforeAll(async () => {
    lifecycle = await startLinkcard({ background: false })
  })
  afterAll(async () => {
    await lifecycle?.stop((task, error) => console.error(`stopping ${task} failed`, error))
  })
}
