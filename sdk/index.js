// Built by `npm run sdk` from index.ts: do not edit by hand.
// Linkcard's TypeScript client: openapi-fetch over the types openapi-typescript writes from the
// OpenAPI document (schema.d.ts), so every path, body and answer is checked by the compiler.
// `npm run sdk` builds index.js (ES module), index.cjs (CommonJS) and their types from this file.
import createClient from 'openapi-fetch';
/** What a call may be sent again after: too many calls, or a failure of the server's own. */
const isRetryable = (status) => status === 429 || status >= 500;
// The creates a retry could make twice without a key; the server answers a keyed retry with the first answer.
const CREATES = /\/api\/(link|links\/bulk)$/;
// A wait longer than this (an hour's or a day's limit spent) is the caller's to decide on.
const LONGEST_WAIT_MS = 60000;
/** How long to wait before attempt `attempt` (1 for the first retry): Retry-After when given (seconds or a date), else doubling from half a second. */
function waitBefore(attempt, answer) {
    const retryAfter = answer?.headers.get('retry-after');
    if (retryAfter) {
        const seconds = Number(retryAfter);
        const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
        if (Number.isFinite(ms))
            return Math.max(0, ms);
    }
    return Math.min(8000, 500 * 2 ** (attempt - 1)) * (0.75 + Math.random() / 2);
}
/**
 * Wraps `fetch` with safe retries: each create gets an Idempotency-Key of its own (unless the caller
 * gave one), kept for its retries, and a call refused with 429 or 5xx, or that never reached the
 * server, is sent again up to `retries` times. A call that changes things without a key is sent
 * again only after a 429.
 */
function retrying(fetch, retries) {
    return async (input) => {
        const request = input;
        if (request.method === 'POST' && CREATES.test(new URL(request.url).pathname) && !request.headers.has('idempotency-key')) {
            request.headers.set('idempotency-key', crypto.randomUUID());
        }
        const isRepeatable = ['GET', 'HEAD', 'DELETE'].includes(request.method) || request.headers.has('idempotency-key');
        for (let attempt = 1;; attempt++) {
            let answer;
            try {
                answer = await fetch(request.clone());
                if (!isRetryable(answer.status))
                    return answer;
            }
            catch (error) {
                if (!isRepeatable || attempt > retries)
                    throw error;
            }
            // A 429 was refused before anything was done: any call may be sent again after it.
            const mayRetry = isRepeatable || answer?.status === 429;
            const wait = waitBefore(attempt, answer);
            if (!mayRetry || attempt > retries || wait > LONGEST_WAIT_MS)
                return answer;
            await answer?.body?.cancel();
            await new Promise((resolve) => setTimeout(resolve, wait));
        }
    };
}
/**
 * A client of one Linkcard's public API (`baseUrl` as https://links.example.com), calling with an
 * API key (lnk_…). Creates carry an Idempotency-Key, and calls refused with 429 or 5xx are retried
 * up to `retries` times (3 unless given; 0 for none), after the Retry-After the server names.
 */
export function createLinkcardClient({ baseUrl, apiKey, fetch = (request) => globalThis.fetch(request), retries = 3, userAgent }) {
    const headers = { Authorization: `Bearer ${apiKey}` };
    if (userAgent)
        headers['User-Agent'] = userAgent;
    return createClient({ baseUrl: baseUrl.replace(/\/+$/, ''), headers, fetch: retrying(fetch, retries) });
}
