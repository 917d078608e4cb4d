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
          TypeScript compiler, as an ES module or CommonJS, under any module setting. Copy the folder into your project (as{' '}
          <code className="font-mono text-[13px]">linkcard-sdk/</code>) and install it as a package; its types can be made again from this instance's document:
        </p>
        <CodeBlock title="bash" code={`npm install ./linkcard-sdk\nnpx openapi-typescript ${origin}/api/openapi.json -o linkcard-sdk/schema.d.ts`} />
        <CodeBlock title="TypeScript" code={createLinkTypeScript(origin)} />
      </CardContent>
    </Card>
  )
}
