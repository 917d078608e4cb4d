// Reading a request's URL safely. Bun builds `request.url` from the Host header, so `new URL()` on
// it throws for a hostile Host (`a:b:c`, `x y`, `[::1`): nothing that serves requests parses it
// before hasValidHost() has said yes, and logs and error answers read the path by slicing.
import { remembered } from './cache'

/** The path of a request's URL, without its query: read by slicing, so it never throws. */
export function requestPath(request: Request): string {
  const url = request.url
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start === -1) return '/'
  const end = url.indexOf('?', start)
  return url.slice(start, end === -1 ? undefined : end)
}

// Origins (scheme and Host) already checked: a server sees few, so most requests cost one look-up.
const isParsableOrigin = remembered(1000, (origin) => URL.canParse(origin))

/**
 * Whether the request's URL, built by Bun from its Host header, is one the URL parser takes. Host
 * values such as `a:b:c`, `x y` or `[::1` make `new URL(request.url)` throw, so such a request is
 * answered 400 before anything reads its URL.
 */
export function hasValidHost(request: Request): boolean {
  const url = request.url
  const pathStart = url.indexOf('/', url.indexOf('//') + 2)
  const origin = pathStart === -1 ? url : url.slice(0, pathStart)
  return isParsableOrigin(origin)
}
