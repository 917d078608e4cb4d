import { Link } from 'wouter'
import { API_RATE_LIMITS } from '../../../src/shared/api-keys'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { CodeBlock } from '../../components/ui/code-block'
import { publicApiUrl } from '../../lib/api'
import { createLinkCurl } from '../../lib/code-samples'

const number = (n: number) => n.toLocaleString('en-US')

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
      <CardHeader>
        <CardTitle>Getting Started</CardTitle>
      </CardHeader>
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
        <div className="grid gap-2 text-sm leading-relaxed text-slate-600">
          <p>
            <span className="font-medium text-slate-900">Rate limits:</span> {number(API_RATE_LIMITS.perHour)} requests per hour and{' '}
            {number(API_RATE_LIMITS.perDay)} per day for each account, all its keys together, with bursts of up to {number(API_RATE_LIMITS.perMinute)} per
            minute for each key. Every answer
            carries <code className="font-mono text-[13px]">X-RateLimit-Limit</code>, <code className="font-mono text-[13px]">X-RateLimit-Remaining</code>{' '}
            and <code className="font-mono text-[13px]">X-RateLimit-Reset</code>; past a limit you get 429 with{' '}
            <code className="font-mono text-[13px]">Retry-After</code>.
          </p>
          <p>
            <span className="font-medium text-slate-900">Errors</span> are JSON <code className="font-mono text-[13px]">{'{"message": "…"}'}</code> with a
            fitting status: 400 bad input, 401 missing or revoked key, 403 not on your plan, 404 not found, 429 too many requests.
          </p>
        </div>
      </CardContent>
    </Card>
  )
}
