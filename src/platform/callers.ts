// Who is calling is settled before anything reads what they send. A route that needs credentials
// names its check (the `session`, `superAdmin` and `apiKey` route options do), and the check runs as
// the request arrives, before its body is read, parsed or validated: a call without valid
// credentials is answered 401 whatever it carries, and learns nothing of what the route expects.
import { Memoirist } from 'memoirist'
import { AppError } from './errors'
import type { ServerLike } from './http'

/** Checks a call's credentials: answers the caller, or throws the AppError (401, 403, 429), with the answer's headers set. */
export type CallerCheck = (request: Request, server: ServerLike, headers: Record<string, string | number>) => Promise<unknown>

/** The route option a credential macro returns beside its `resolve`, naming the route's check. */
export type NamesCallerCheck = { callerCheck: CallerCheck }

type Route = { method: string; path: string; hooks: unknown }

// Callers let in as their requests arrived, read back by the routes' `resolve`.
const admitted = new WeakMap<Request, unknown>()

/** The caller a request's check let in when it arrived; the check runs now if it did not run then. */
export async function callerOf<T>(check: CallerCheck, request: Request, server: ServerLike, headers: Record<string, string | number>): Promise<T> {
  return (admitted.has(request) ? admitted.get(request) : await check(request, server, headers)) as T
}

/** Runs a request's check and keeps the caller for its route's `resolve`. */
export async function admitCaller(check: CallerCheck, request: Request, server: ServerLike, headers: Record<string, string | number>) {
  admitted.set(request, await check(request, server, headers))
}

/** The route a request reaches: its check, if it names one, and its path as declared (/api/link/:id). */
export type FoundRoute = { check: CallerCheck | undefined; path: string }

/**
 * Finds the route a request will reach, from the app's route table, matched as Elysia matches it
 * (the same radix router: static, then parameters, then wildcards; HEAD as GET; ALL last).
 */
export function routeTable(routes: readonly Route[]) {
  const router = new Memoirist<FoundRoute>()
  for (const { method, path, hooks } of routes) {
    const found = { check: (hooks as Partial<NamesCallerCheck>).callerCheck, path }
    // Elysia answers a path with or without its trailing slash alike.
    const loose = path.endsWith('/') ? path.slice(0, -1) : `${path}/`
    for (const variant of path === '/' || path.endsWith('*') ? [path] : [path, loose]) router.add(method, variant, found, { ignoreError: true })
  }
  return (method: string, path: string): FoundRoute | undefined => {
    const found = router.find(method === 'HEAD' ? 'GET' : method, path) ?? router.find('ALL', path)
    return found?.store
  }
}

/**
 * A call refused before routing (a body too large or nested too deep): the refusal of its
 * credentials instead when they fail (checked first, as for every call), and the headers its check
 * set either way (a public API call's rate-limit headers).
 */
export async function refusedBeforeRouting(check: CallerCheck | undefined, request: Request, server: ServerLike, error: AppError) {
  const headers: Record<string, string> = {}
  if (!check) return { error, headers }
  const answered = await check(request, server, headers).then(
    () => error,
    (refusal) => {
      if (refusal instanceof AppError) return refusal
      throw refusal
    },
  )
  return { error: answered, headers }
}
