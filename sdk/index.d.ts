// Built by `npm run sdk` from index.ts: do not edit by hand.
import { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';
export type { components, paths };
/** A link as the API answers it. */
export type Link = components['schemas']['Link'];
/** The body of a new link: with its title, or with useOriginalMeta true to read it from the page. */
export type NewLink = components['schemas']['NewLink'];
/** A client of one Linkcard's public API (`baseUrl` as https://links.example.com), calling with an API key (lnk_…). */
export declare function createLinkcardClient({ baseUrl, apiKey, fetch }: {
    baseUrl: string;
    apiKey: string;
    fetch?: typeof globalThis.fetch;
}): Client<paths>;
