import { CodeBlock } from '../../components/ui/code-block'
import { publicApiUrl } from '../../lib/api'
import { createLinkCurl } from '../../lib/code-samples'

const sampleResponse = (origin: string) => `{
  "url": "${origin}/aB3xK9q",
  "qrCodeUrl": "${origin}/api/qr/aB3xK9q",
  "id": "a1b2c3d4-…",
  "slug": "aB3xK9q",
  "existing": false
}`

export function QuickStart() {
  const origin = window.location.origin
  return (
    <section aria-labelledby="quick-start" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="grid items-center gap-10 lg:grid-cols-[2fr_3fr]">
        <div>
          <p className="text-sm font-semibold text-brand-600">Quick Start</p>
          <h2 id="quick-start" className="mt-2 text-3xl font-semibold tracking-tight text-slate-900">
            Your first link in one request
          </h2>
          <p className="mt-4 leading-relaxed text-slate-600">
            Create an API key in the dashboard, then send the target URL and the preview you want. You get back a short URL and a QR code,
            ready to share.
          </p>
          <ol className="mt-6 grid gap-3 text-sm text-slate-700">
            {['Sign up and create an API key', 'POST /api/link with your preview', 'Share the short URL anywhere'].map((step, index) => (
              <li key={step} className="flex items-center gap-3">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white">
                  {index + 1}
                </span>
                {step}
              </li>
            ))}
          </ol>
        </div>
        <div className="grid min-w-0 gap-4">
          <CodeBlock title="Request" code={createLinkCurl(publicApiUrl('/link'))} />
          <CodeBlock title="Response · 201 Created" code={sampleResponse(origin)} />
        </div>
      </div>
    </section>
  )
}
