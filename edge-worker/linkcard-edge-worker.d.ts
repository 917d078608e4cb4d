// Types of the edge worker's module interface, for the tests that run it.
declare const worker: {
  fetch(request: Request, env?: Record<string, string | undefined>, ctx?: { waitUntil(promise: Promise<unknown>): void }): Promise<Response>
}
export default worker
