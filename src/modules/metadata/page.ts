// What the request thread and the metadata thread share. The page parser (parse.ts) and its
// libraries load on that thread alone, so the server's start does not pay for them.
import type { PageMetadata } from './schema'

export const NOTHING: PageMetadata = { title: null, description: null, ogImage: null, ogImageAlt: null }

/** A fetched page, handed to the metadata thread. */
export type PageToParse = { body: Uint8Array; contentType: string; url: string }
