// A small HTTP/1.1 load generator on raw keep-alive sockets, so it can outrun the servers it
// measures and count every answer exactly. Run as its own process; prints one JSON line.
//   bun loader.ts '{"port":3000,"paths":["/a"],"connections":50,"durationMs":10000,...}'
import { readFileSync } from 'node:fs'
import { rawRequests, type RequestOptions } from './requests'

type Options = Omit<RequestOptions, 'paths'> & {
  paths?: string[]
  pathsFile?: string
  connections: number
  durationMs: number
  /** Print every latency too (ms, to 0.01), so runs can be merged. */
  samples?: boolean
}

const options = JSON.parse(process.argv[2]) as Options
const paths = options.pathsFile ? readFileSync(options.pathsFile, 'utf8').split('\n').filter(Boolean) : options.paths!
const encoder = new TextEncoder()
const requests = rawRequests({ ...options, paths }).map((request) => encoder.encode(request))

const latencies: number[] = []
const statuses: Record<string, number> = {}
let errors = 0
let stopAt = 0

function connection(): Promise<void> {
  return new Promise((resolve) => {
    let buffer = Buffer.alloc(0)
    let sentAt = 0
    const sendNext = (socket: { write(data: Uint8Array): number }) => {
      if (performance.now() >= stopAt) {
        resolve()
        return false
      }
      sentAt = performance.now()
      socket.write(requests[(Math.random() * requests.length) | 0])
      return true
    }
    Bun.connect({
      hostname: options.host ?? '127.0.0.1',
      port: options.port,
      socket: {
        open(socket) {
          sendNext(socket)
        },
        data(socket, chunk) {
          buffer = buffer.length ? Buffer.concat([buffer, chunk]) : Buffer.from(chunk)
          for (;;) {
            const headerEnd = buffer.indexOf('\r\n\r\n')
            if (headerEnd < 0) return
            const head = buffer.subarray(0, headerEnd).toString('latin1')
            const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0)
            const total = headerEnd + 4 + length
            if (buffer.length < total) return
            const status = head.slice(9, 12)
            statuses[status] = (statuses[status] ?? 0) + 1
            latencies.push(performance.now() - sentAt)
            buffer = buffer.subarray(total)
            if (!sendNext(socket)) {
              socket.end()
              return
            }
          }
        },
        error() {
          errors++
          resolve()
        },
        close() {
          resolve()
        },
        connectError() {
          errors++
          resolve()
        },
      },
    })
  })
}

const started = performance.now()
const cpuAtStart = process.cpuUsage()
stopAt = started + options.durationMs
await Promise.all(Array.from({ length: options.connections }, connection))
const elapsed = performance.now() - started
const cpu = process.cpuUsage(cpuAtStart)
latencies.sort((a, b) => a - b)
const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
console.log(
  JSON.stringify({
    requests: latencies.length,
    rps: Math.round((latencies.length / elapsed) * 1000),
    p50: Number(pick(0.5).toFixed(2)),
    p99: Number(pick(0.99).toFixed(2)),
    statuses,
    errors,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    ...(options.samples ? { latencies: latencies.map((ms) => Math.round(ms * 100) / 100) } : {}),
  }),
)
