// `npm run sdk`: writes the TypeScript client's types (sdk/schema.d.ts) from the OpenAPI document
// this build serves, read from the app without starting a server.
import { app } from '../src/app'
import { SDK_TYPES_FILE, sdkTypes } from './sdk-types'

const answer = await app.handle(new Request('http://localhost/api/openapi.json'))
if (!answer.ok) throw new Error(`the OpenAPI document answered ${answer.status}`)
await Bun.write(SDK_TYPES_FILE, await sdkTypes(await answer.json()))
console.log(`wrote ${SDK_TYPES_FILE}`)
process.exit(0)
