// The TypeScript client's types (sdk/schema.d.ts), as openapi-typescript writes them from the
// OpenAPI document. `npm run sdk` writes them; a test holds the file to the served document.
import openapiTS, { astToString } from 'openapi-typescript'

export const SDK_TYPES_FILE = new URL('../sdk/schema.d.ts', import.meta.url).pathname

const HEADER = '// Written by `npm run sdk` from the OpenAPI document (/api/openapi.json): do not edit by hand.\n\n'

export async function sdkTypes(document: object): Promise<string> {
  // The servers are the serving instance's own: the client is given its base URL instead.
  const { servers: _, ...portable } = document as { servers?: unknown }
  return HEADER + astToString(await openapiTS(portable as Parameters<typeof openapiTS>[0]))
}
