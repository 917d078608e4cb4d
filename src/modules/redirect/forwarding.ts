// A person's query string goes on with them (a link's forwardQuery): one link shared with
// ?utm_source=newsletter in one place and ?utm_source=x in another attributes each visit right.

import { isScanMarker } from '../../shared/qr-design'

/** A query part's name as compared: decoded, `+` as a space; as written when it does not decode. */
function nameOf(part: string) {
  const equals = part.indexOf('=')
  const name = (equals === -1 ? part : part.slice(0, equals)).replaceAll('+', ' ')
  try {
    return decodeURIComponent(name)
  } catch {
    return name
  }
}

/**
 * `url` with the visitor's `query` (without its `?`, as the request carried it) added: a parameter
 * the URL already has keeps the URL's value, the QR code's scan marker is not passed on, and the
 * URL's fragment stays last. Parts are passed on as written, so nothing is decoded and encoded again.
 */
export function withVisitorQuery(url: string, query: string): string {
  const hash = url.indexOf('#')
  const base = hash === -1 ? url : url.slice(0, hash)
  const fragment = hash === -1 ? '' : url.slice(hash)
  const mark = base.indexOf('?')
  const own = mark === -1 ? '' : base.slice(mark + 1)
  const taken = new Set(own.split('&').filter(Boolean).map(nameOf))
  const added = query.split('&').filter((part) => part !== '' && !isScanMarker(part) && !taken.has(nameOf(part)))
  if (added.length === 0) return url
  const joiner = mark === -1 ? '?' : own === '' || own.endsWith('&') ? '' : '&'
  return `${base}${joiner}${added.join('&')}${fragment}`
}
