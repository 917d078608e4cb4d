import { Download, ExternalLink } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card'
import { CodeBlock } from '../../components/ui/code-block'
import { publicApiUrl } from '../../lib/api'

const DOCS_REPOSITORY_URL = 'https://github.com/linkcard/docs'

const linkClass = 'font-medium text-brand-600 underline-offset-4 hover:underline'

/** The edge-worker integration: previews for single-page apps, with the script to download. */
export function EdgeWorkerSection() {
  const apiBase = publicApiUrl('/').replace(/\/$/, '')
  const settings = `LINKCARD_API=${apiBase}
LINKCARD_API_KEY=lnk_your_api_key   # store as a secret
LINKCARD_TIMEOUT_MS=500             # optional
LINKCARD_CACHE_SECONDS=300          # optional`
  return (
    <Card>
      <CardHeader>
        <CardDescription>Give every page of a React, Vue or Svelte app its own social preview, without server-side rendering.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 text-sm leading-relaxed text-slate-700">
        <p>
          A single-page app answers every address with the same <code className="font-mono text-[13px]">index.html</code>, so Facebook, X, LinkedIn
          and Slack see one title and image for all of your pages. The edge worker runs in front of your app (for example as a Cloudflare Worker on
          its route). When a link-preview crawler asks for a page, it finds the link whose target is that page with{' '}
          <code className="font-mono text-[13px]">GET /link/byTarget/…</code> (tracking parameters such as{' '}
          <code className="font-mono text-[13px]">utm_source</code> ignored) and rewrites the <code className="font-mono text-[13px]">&lt;title&gt;</code>,
          OpenGraph and Twitter Card tags with that link's preview. People, search engines and everything else get your pages untouched and cost
          no API call; if Linkcard is slow or unreachable, crawlers get your page exactly as before.
        </p>
        <ol className="grid list-decimal gap-2 pl-5">
          <li>
            Create an API key on the{' '}
            <Link href="/api-keys" className={linkClass}>
              API Keys
            </Link>{' '}
            screen.
          </li>
          <li>Create a link for each page whose preview you want to set, with the page's address as its target URL.</li>
          <li>Deploy the script below as a worker on your app's route, with these settings:</li>
        </ol>
        <CodeBlock title="Worker settings" code={settings} />
        <div className="flex flex-wrap items-center gap-3">
          <Button asChild>
            <a href="/edge-worker.js" download="linkcard-edge-worker.js">
              <Download aria-hidden="true" />
              Download the edge worker
            </a>
          </Button>
          <a href="/how-to/" className={linkClass}>
            Step-by-step guides
          </a>
          <a href={DOCS_REPOSITORY_URL} className={`${linkClass} inline-flex items-center gap-1`} target="_blank" rel="noreferrer">
            Public docs repository
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        </div>
      </CardContent>
    </Card>
  )
}
