// Built by `npm run sdk` from index.ts: do not edit by hand.
import { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';
export type { components, paths };
/** A link as the API answers it. */
export type Link = components['schemas']['Link'];
/** The body of a new link: with its title, or with useOriginalMeta true to read it from the page. */
export type NewLink = components['schemas']['NewLink'];
/** A fetch as the client calls it: a request in, an answer out. */
type Fetch = (input: Request) => Promise<Response>;
type ClientOptions = {
    baseUrl: string;
    apiKey: string;
    fetch?: Fetch;
    retries?: number;
    /** The User-Agent of each call, outside browsers (which send their own): a tool's name and version. */
    userAgent?: string;
};
/**
 * A client of one Linkcard's public API (`baseUrl` as https://links.example.com), calling with an
 * API key (lnk_…). Creates carry an Idempotency-Key, and calls refused with 429 or 5xx are retried
 * up to `retries` times (3 unless given; 0 for none), after the Retry-After the server names.
 */
export declare function createLinkcardClient({ baseUrl, apiKey, fetch, retries, userAgent }: ClientOptions): Client<paths>;
