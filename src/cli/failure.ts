// How a user command ends when it cannot do what it was asked: an exit code a script can branch on,
// and words for the person, printed on stderr.

/** The exit codes, as `linkcard help` and docs/cli.md list them. */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  refusedKey: 3,
  notFound: 4,
  rateLimited: 5,
} as const

export const EXIT_MEANINGS: [code: number, meaning: string][] = [
  [EXIT.ok, 'done'],
  [EXIT.failed, 'the API refused the call (a 4xx not below), failed (5xx) or could not be reached; a bulk create with links refused'],
  [EXIT.usage, 'usage error: unknown command or option, missing argument, bad value, no address or key set'],
  [EXIT.refusedKey, 'the key was refused (401) or may not do this (403: its scopes, or the plan)'],
  [EXIT.notFound, 'not found (404)'],
  [EXIT.rateLimited, 'rate limited (429), still after waiting out Retry-After'],
]

export class CliError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message)
  }
}

/** A usage error; the command it names is the help to read (`''`: the list of commands), else the running command's. */
export const usageError = (message: string, command?: string) => new CliError(EXIT.usage, message, command === undefined ? [] : [helpHint(command)])

export const helpHint = (command: string) => (command ? `Run \`linkcard help ${command}\` for its usage.` : 'Run `linkcard help` for the commands.')

const EXIT_BY_STATUS: Record<number, number> = { 401: EXIT.refusedKey, 403: EXIT.refusedKey, 404: EXIT.notFound, 429: EXIT.rateLimited }

/** An answer the API refused: its own message and field errors, and the exit code its status means. */
export function apiError(response: Response, body: unknown) {
  const answer = body && typeof body === 'object' ? (body as { message?: unknown; errors?: unknown }) : {}
  const message = typeof answer.message === 'string' ? answer.message : `${response.status} ${response.statusText || 'error'} from ${new URL(response.url || 'http://unknown').origin}`
  const fields = Array.isArray(answer.errors) ? (answer.errors as { field?: string; message?: string }[]) : []
  return new CliError(EXIT_BY_STATUS[response.status] ?? EXIT.failed, message, fields.map((error) => `${error.field}: ${error.message}`))
}

/** A flag's whole number within `range`; undefined when not given. */
export function wholeNumber(flags: Record<string, unknown>, name: string, command: string, [least, most]: [number, number]) {
  const text = flags[name]
  if (typeof text !== 'string') return undefined
  const value = Number(text)
  if (!/^\d+$/.test(text) || value < least || value > most) throw usageError(`--${name} should be a whole number from ${least}${most < Number.MAX_SAFE_INTEGER ? ` to ${most}` : ''}, not "${text}".`, command)
  return value
}
