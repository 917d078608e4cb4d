// A local stand-in of Facebook's Graph API as far as a re-scrape goes: POST / with id, scrape=true
// and the app token. It records every call, and refuses a wrong token as Facebook does.
export function startGraphStandIn(token: string) {
  const calls: URLSearchParams[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const form = new URLSearchParams(await request.text())
      calls.push(form)
      if (request.method !== 'POST' || form.get('scrape') !== 'true') return Response.json({ error: { message: 'Unsupported request' } }, { status: 400 })
      if (form.get('access_token') !== token) return Response.json({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } }, { status: 400 })
      return Response.json({ id: '1', url: form.get('id'), type: 'website', title: 'Read again' })
    },
  })
  return { url: `http://127.0.0.1:${server.port}`, calls, stop: () => server.stop(true) }
}
