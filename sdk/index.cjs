// Built by `npm run sdk` from index.ts: do not edit by hand.
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.createLinkcardClient = createLinkcardClient;
// Linkcard's TypeScript client: openapi-fetch over the types openapi-typescript writes from the
// OpenAPI document (schema.d.ts), so every path, body and answer is checked by the compiler.
// `npm run sdk` builds index.js (ES module), index.cjs (CommonJS) and their types from this file.
const openapi_fetch_1 = __importDefault(require("openapi-fetch"));
/** A client of one Linkcard's public API (`baseUrl` as https://links.example.com), calling with an API key (lnk_…). */
function createLinkcardClient({ baseUrl, apiKey, fetch }) {
    return (0, openapi_fetch_1.default)({ baseUrl: baseUrl.replace(/\/+$/, ''), headers: { Authorization: `Bearer ${apiKey}` }, ...(fetch ? { fetch } : {}) });
}
