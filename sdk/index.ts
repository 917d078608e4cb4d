// Linkcard's TypeScript client: openapi-fetch over the types openapi-typescript writes from the
// OpenAPI document (schema.d.ts), so every path, body and answer is checked by the compiler.
// `npm run sdk` builds index.js (ES module), index.cjs (CommonJS) and their types from this file.
import createClient, { type Client } from 'openapi-fetch'
import type { components, paths } from './schema.js'

export type { components, paths }
/** A link as the API answers it. */
export type Link = components['schemas']['Link']
/** The body of a new link: with its title, or with useOriginalMeta true to read it from the page. */
export type NewLink = components['schemas']['NewLink']

/** A client of one Linkcard's public API (`baseUrl` as https://links.example.com), calling with an API key (lnk_…). */
export function createLinkcardClient({ baseUrl, apiKey, fetch }: { baseUrl: string; apiKey: string; fetch?: typeof globalThis.fetch }): Client<paths> {
  return createClient<paths>({ baseUrl: baseUrl.replace(/\/+$/, ''), headers: { Authorization: `Bearer ${apiKey}` }, ...(fetch ? { fetch } : {}) })
}
