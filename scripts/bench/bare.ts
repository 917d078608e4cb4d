// The yardstick: a bare Bun.serve that answers every request with a 302.
Bun.serve({
  port: Number(process.argv[2] ?? 0),
  hostname: '127.0.0.1',
  fetch: () => new Response(null, { status: 302, headers: { location: 'https://example.com/landing' } }),
})

