import { Link } from 'wouter'
import { Card, CardContent } from '../../components/ui/card'
import { CodeBlock } from '../../components/ui/code-block'
import { publicApiUrl } from '../../lib/api'
import { createLinkCurl } from '../../lib/code-samples'

export function GettingStarted() {
  const createUrl = publicApiUrl('/link')
  const steps = [
    <>
      Create a key on the{' '}
      <Link href="/api-keys" className="font-medium text-brand-600 underline-offset-4 hover:underline">
        API Keys
      </Link>{' '}
      screen. It is shown once: store it as a secret.
    </>,
    <>
      Send it with every call: <code className="font-mono text-[13px]">Authorization: Bearer lnk_…</code>
    </>,
    <>
      Create a link with <code className="font-mono text-[13px]">POST {createUrl}</code>. Sending the same request again answers the same link with{' '}
      <code className="font-mono text-[13px]">"existing": true</code>, so retries are safe.
    </>,
  ]
  return (
    <Card>
      <CardContent className="grid gap-5">
        <ol className="grid gap-3 text-sm text-slate-700">
          {steps.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed steps, never reordered
            <li key={index} className="flex gap-3">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white">{index + 1}</span>
              <span className="pt-0.5 leading-relaxed">{step}</span>
            </li>
          ))}
        </ol>
        <CodeBlock title="bash" code={createLinkCurl(createUrl)} />
      </CardContent>
    </Card>
  )
}
