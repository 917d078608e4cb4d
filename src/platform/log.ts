// One JSON object per line on stdout, so any log shipper can parse it.
import { config } from './config'

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const
type Level = keyof typeof LEVELS
const threshold = LEVELS[config.logLevel]

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (LEVELS[level] < threshold) return
  const line: Record<string, unknown> = { time: new Date().toISOString(), level, msg, ...fields }
  if (fields?.error instanceof Error) line.error = { message: fields.error.message, stack: fields.error.stack }
  process.stdout.write(`${JSON.stringify(line)}\n`)
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
  isEnabled: (level: Level) => LEVELS[level] >= threshold,
}
