import { Link } from 'wouter'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/spinner'
import type { AccountAnalytics } from './api'

const count = (value: number) => value.toLocaleString('en-US')
const withoutScheme = (url: string) => url.replace(/^https?:\/\//, '')

/** The period's busiest links, most clicks first, each leading to its own analytics; undefined while loading. */
export function TopLinks({ links }: { links: AccountAnalytics['topLinks'] | undefined }) {
  return (
    <Card className="min-w-0" data-testid="top-links">
      <CardHeader>
        <CardTitle>Top links</CardTitle>
        <CardDescription>Most clicks in this period, then most previews.</CardDescription>
      </CardHeader>
      <CardContent>
        {links === undefined && (
          <div className="grid gap-2" aria-hidden="true">
            {[0, 1, 2, 3, 4].map((row) => (
              <Skeleton key={row} className="h-11 w-full" />
            ))}
          </div>
        )}
        {links?.length === 0 && (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">No clicks or previews in this period.</p>
        )}
        {links && links.length > 0 && (
          <ol className="divide-y divide-slate-100">
            {links.map((link, index) => (
              <li key={link.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0" data-testid="top-link">
                <span className="w-5 shrink-0 text-right text-xs font-medium text-slate-400 tabular-nums" aria-hidden="true">
                  {index + 1}
                </span>
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <Link
                    href={`/share-links/${encodeURIComponent(link.id)}/analytics`}
                    className="truncate rounded-sm text-sm font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:ring-3 focus-visible:ring-brand-500/30 focus-visible:outline-none"
                    data-testid="top-link-title"
                  >
                    {link.title}
                  </Link>
                  {/* Shown, not linked: opening it from here would count as a click. */}
                  <span className="truncate font-mono text-xs text-slate-500">{withoutScheme(link.url)}</span>
                </div>
                <dl className="flex shrink-0 gap-4 text-right">
                  <div>
                    <dt className="text-xs text-slate-500">Clicks</dt>
                    <dd className="text-sm font-semibold text-slate-900 tabular-nums" data-testid="top-link-clicks">
                      {count(link.clicks)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">Previews</dt>
                    <dd className="text-sm font-semibold text-slate-700 tabular-nums">{count(link.previews)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}
