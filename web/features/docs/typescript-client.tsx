import { Card, CardContent } from '../../components/ui/card'
import { CodeBlock } from '../../components/ui/code-block'
import { createLinkTypeScript } from '../../lib/code-samples'

/** The typed client kept with Linkcard (sdk/), and how to use it or make it from this instance's document. */
export function TypeScriptClient() {
  const origin = window.location.origin
  return (
    <Card>
      <CardContent className="grid gap-4 text-sm leading-relaxed text-slate-700">
        <p>
          Linkcard keeps a typed client in its repository's <code className="font-mono text-[13px]">sdk/</code> folder: every path, body and answer is checked by the
          TypeScript compiler. Copy the folder into your project (as <code className="font-mono text-[13px]">linkcard-sdk/</code>) and install{' '}
          <code className="font-mono text-[13px]">openapi-fetch</code>, or make its types from this instance's document:
        </p>
        <CodeBlock title="bash" code={`npm install openapi-fetch\nnpx openapi-typescript ${origin}/api/openapi.json -o linkcard-sdk/schema.d.ts`} />
        <CodeBlock title="TypeScript" code={createLinkTypeScript(origin)} />
      </CardContent>
    </Card>
  )
}
