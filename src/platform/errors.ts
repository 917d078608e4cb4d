// Services throw AppError naming a kind of failure; this plugin is the one place that turns it,
// and every other failure, into an HTTP answer. Clients never see a stack trace.
import { Elysia } from 'elysia'
import { requestPath } from './request-url'
import { isCheckedByService } from './schema'
import { log } from './log'

const STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
  /** A failure of Linkcard's own, logged where it happened; the client learns nothing more. */
  internal: 500,
} as const

export type ErrorKind = keyof typeof STATUS
export type FieldError = { field: string; message: string }

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly errors?: FieldError[],
    /** Seconds a rate-limited client should wait; sent as Retry-After. */
    readonly retryAfter?: number,
    /** A name for a refusal a client acts on beyond showing its message, sent as `code` (not this field's name: Elysia reads an error's `code`). */
    readonly clientCode?: string,
  ) {
    super(message)
  }
  get status() {
    return STATUS[this.kind]
  }
}

/** A failure about one input: its message, also listed under the field so a form can show it there. */
export function fieldError(kind: ErrorKind, field: string, message: string) {
  return new AppError(kind, message, [{ field, message }])
}

type ValidationIssue = { path?: string; value?: unknown; message?: string; summary?: string; schema?: { error?: unknown } & object }
type ValidationFailure = { all?: ValidationIssue[]; message?: string; value?: unknown }

/**
 * The query parameter a pathless issue is about. Elysia checks a number in a query on its own
 * after reading it, and names no path when it is out of range; the one parameter that reads as
 * that number is it.
 */
function queryFieldOf(error: ValidationFailure, request: Request): string {
  if (typeof error.value !== 'number') return ''
  const names = [...new URL(request.url).searchParams].filter(([, value]) => value.trim() !== '' && Number(value) === error.value).map(([name]) => name)
  return names.length === 1 ? names[0] : ''
}

// A schema validated against one of these has rules besides its type, and a message of its own
// speaks of them ("at most 200 characters"), not of a value that is not there. Those whose limits
// the service checks (platform/schema.ts) are validated for their type alone.
const RULES = ['minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems', 'minProperties', 'maxProperties']
const statesRules = (schema: object | undefined) => schema !== undefined && !isCheckedByService(schema) && RULES.some((rule) => rule in schema)

/** Builds `{message, errors}` from Elysia's validation error, preferring the fields' own messages. */
function fromValidation(error: ValidationFailure, request: Request) {
  const issues = Array.isArray(error.all) ? error.all : []
  const errors: FieldError[] = issues.map((issue) => {
    const custom = issue.schema?.error
    const field = (issue.path ?? '').replace(/^\//, '').replace(/\//g, '.') || queryFieldOf(error, request)
    // A field left out is told it is required, unless its message speaks of nothing but its presence.
    if (field && issue.value === undefined && (typeof custom !== 'string' || statesRules(issue.schema))) return { field, message: `${field} is required.` }
    return { field, message: typeof custom === 'string' ? custom : (issue.summary ?? issue.message ?? 'Invalid value.') }
  })
  const unique = errors.filter((e, i) => errors.findIndex((o) => o.field === e.field) === i)
  const first = unique[0]
  const message = !first
    ? 'Invalid request.'
    : first.field && !first.message.includes(first.field) && !issues[0]?.schema?.error
      ? `${first.field}: ${first.message}`
      : first.message
  return { message, errors: unique }
}

const errorBody = (error: AppError) => ({ message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...(error.clientCode ? { code: error.clientCode } : {}) })

/** An AppError answered before routing, where no Elysia hook runs: the same body and headers. */
export function errorResponse(error: AppError, headers: Record<string, string>): Response {
  return Response.json(errorBody(error), {
    status: error.status,
    headers: { ...headers, 'cache-control': 'no-store', ...(error.retryAfter !== undefined ? { 'retry-after': String(error.retryAfter) } : {}) },
  })
}

export const errors = new Elysia({ name: 'errors' })
  .error({ APP: AppError })
  .onError({ as: 'global' }, ({ code, error, set, request }) => {
    set.headers['cache-control'] = 'no-store'
    if (code === 'APP') {
      if (error.retryAfter !== undefined) set.headers['retry-after'] = String(error.retryAfter)
      set.status = error.status
      return errorBody(error)
    }
    if (code === 'VALIDATION') {
      set.status = 400
      return fromValidation(error as unknown as ValidationFailure, request)
    }
    if (code === 'PARSE') {
      set.status = 400
      return { message: 'Malformed request body.' }
    }
    if (code === 'NOT_FOUND') {
      set.status = 404
      return { message: 'Not found.' }
    }
    if (code === 'INVALID_COOKIE_SIGNATURE') {
      set.status = 400
      return { message: 'Invalid cookie.' }
    }
    log.error('unhandled error', { method: request.method, path: requestPath(request), error })
    set.status = 500
    return { message: 'Something went wrong.' }
  })
