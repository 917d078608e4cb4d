// The raw HTTP/1.1 requests a load sends, one per path and visitor, written out once before the
// load starts, for both load generators (loader.ts and wrk through wrk.lua).
export type RequestOptions = {
  host?: string
  port: number
  paths: string[]
  method?: string
  headers?: Record<string, string>
  body?: string
  /** Distinct visitors to spread requests over: each gets its own User-Agent (the one given plus a number). */
  visitors?: number
}

export function rawRequests(options: RequestOptions): string[] {
  const host = options.host ?? '127.0.0.1'
  const body = options.body ?? ''
  const visitors = Array.from({ length: options.visitors ?? 1 }, (_, i) => (options.visitors ? ` visitor/${i}` : ''))
  const headerLines = (visitor: string) =>
    Object.entries(options.headers ?? {})
      .map(([name, value]) => `${name}: ${value}${name.toLowerCase() === 'user-agent' ? visitor : ''}\r\n`)
      .join('')
  return options.paths.flatMap((path) =>
    visitors.map(
      (visitor) =>
        `${options.method ?? 'GET'} ${path} HTTP/1.1\r\nHost: ${host}:${options.port}\r\n${headerLines(visitor)}` +
        (body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : '') +
        `\r\n${body}`,
    ),
  )
}
