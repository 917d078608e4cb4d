// Built by `npm run sdk` from index.ts: do not edit by hand.
// Linkcard's TypeScript client: openapi-fetch over the types openapi-typescript writes from the
// OpenAPI document (schema.d.ts), so every path, body and answer is checked by the compiler.
// `npm run sdk` builds index.js (ES module), index.cjs (CommonJS) and their types from this file.
import createClient from 'openapi-fetch';
/** A client of one Linkcard's public API (`baseUrl` as https://links.example.com), calling with an API key (lnk_…). */
export function createLinkcardClient({ baseUrl, apiKey, fetch }) {
    return createClient({ baseUrl: baseUrl.replace(/\/+$/, ''), headers: { Authorization: `Bearer ${apiKey}` }, ...(fetch ? { fetch } : {}) });
}
