// The TypeScript client's generated files: its types (sdk/schema.d.ts), as openapi-typescript writes
// them from the OpenAPI document, and the package built from sdk/index.ts, as an ES module, as
// CommonJS and their declarations. `npm run sdk` writes them; a test holds the files to these.
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'

const SDK_DIR = new URL('../sdk/', import.meta.url).pathname
export const SDK_TYPES_FILE = `${SDK_DIR}schema.d.ts`

const HEADER = '// Written by `npm run sdk` from the OpenAPI document (/api/openapi.json): do not edit by hand.\n\n'
const BUILT = '// Built by `npm run sdk` from index.ts: do not edit by hand.\n'

export async function sdkTypes(document: object): Promise<string> {
  // The servers are the serving instance's own: the client is given its base URL instead.
  const { servers: _, ...portable } = document as { servers?: unknown }
  return HEADER + astToString(await openapiTS(portable as Parameters<typeof openapiTS>[0]))
}

/** The package's files built from index.ts, by name in sdk/. */
export async function sdkBuild(): Promise<Record<string, string>> {
  const source = await Bun.file(`${SDK_DIR}index.ts`).text()
  const compilerOptions = { target: ts.ScriptTarget.ES2020, esModuleInterop: true, removeComments: false }
  const javascript = (module: ts.ModuleKind) => BUILT + ts.transpileModule(source, { compilerOptions: { ...compilerOptions, module }, fileName: 'index.ts' }).outputText
  const declarations = BUILT + ts.transpileDeclaration(source, { compilerOptions, fileName: 'index.ts' }).outputText
  return {
    'index.js': javascript(ts.ModuleKind.ESNext),
    'index.cjs': javascript(ts.ModuleKind.CommonJS),
    'index.d.ts': declarations,
    'index.d.cts': declarations,
  }
}

export const sdkFile = (name: string) => `${SDK_DIR}${name}`
