// `npm run sdk`: writes the TypeScript client's types (sdk/schema.d.ts) from the OpenAPI document
// this build serves, read from the app without starting a server, and builds the package's files.
import { app } from '../src/app'
import { SDK_TYPES_FILE, sdkBuild, sdkFile, sdkTypes } from './sdk-types'

const answer = await app.handle(new Request('http://localhost/api/openapi.json'))
if (!answer.ok) throw new Error(`the OpenAPI document answered ${answer.status}`)
await Bun.write(SDK_TYPES_FILE, await sdkTypes(await answer.json()))
console.log(`wrote ${SDK_TYPES_FILE}`)
for (const [name, text] of Object.entries(await sdkBuild())) {
  await Bun.write(sdkFile(name), text)
  console.log(`wrote ${sdkFile(name)}`)
}
process.exit(0)
