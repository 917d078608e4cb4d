import { ArrowRight, Link2, Plus } from 'lucide-react'
import { Link } from 'wouter'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { CopyButton } from '../../components/ui/copy-button'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/spinner'
import { cn } from '../../lib/cn'
import type { LinkWithCounts } from './api'
import { formatCount, withoutScheme } from './link-view'

type RecentLinksProps = {
  links: LinkWithCounts[] | undefined
  isLoading: boolean
  hasError: boolean
  /** All-time clicks per link id; undefined while loading, null when they could not be read. */
  clicksByLinkId: Record<string, number> | null | undefined
  className?: string
}

/** The dashboard's newest links with their clicks and short URLs; a first-link invitation when there are none. */
export function RecentLinks({ links, isLoading, hasError, clicksByLinkId, className }: RecentLinksProps) {
  const recent = links ?? []
  return (
    <Card className={cn('flex flex-col', className)} data-testid="recent-links">
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle>Recent Links</CardTitle>
          <CardDescription>Your newest share links.</CardDescription>
        </div>
        {recent.length > 0 && (
          <Button asChild variant="link" size="sm">
            <Link href="/share-links">
              View all
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex-1">
        {hasError && !links && <Alert variant="destructive">Failed to fetch share links</Alert>}
        {isLoading && !links && (
          <div role="status" className="grid gap-3" aria-busy="true" aria-label="Loading recent links">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-12 w-full" />
            ))}
          </div>
        )}
        {links && recent.length === 0 && (
          <EmptyState
            icon={Link2}
            title="Create your first share link"
            description="Shorten a URL and choose the title, description and image people see when it is shared."
            action={
              <Button asChild>
                <Link href="/share-links?new=1">
                  <Plus aria-hidden="true" />
                  Create Link
                </Link>
              </Button>
            }
          />
        )}
        {recent.length > 0 && (
          <ul className="divide-y divide-slate-100">
            {recent.map((link) => (
              <li key={link.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0" data-testid="recent-link">
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="truncate text-sm font-medium text-slate-900">{link.title}</p>
                  <div className="flex min-w-0 items-center gap-1">
                    <a href={link.url} target="_blank" rel="noopener noreferrer" className="truncate font-mono text-[13px] text-brand-700 hover:underline">
                      {withoutScheme(link.url)}
                    </a>
                    <CopyButton value={link.url} label="Copy short URL" size="icon" variant="ghost" className="size-7" />
                  </div>
                </div>
                <div className="shrink-0 text-right">
                  {clicksByLinkId === undefined ? (
                    <Skeleton className="ml-auto h-5 w-8" />
                  ) : (
                    <p className="text-sm font-semibold text-slate-900 tabular-nums" data-testid="recent-link-clicks">
                      {clicksByLinkId === null ? '—' : formatCount(clicksByLinkId[link.id] ?? 0)}
                    </p>
                  )}
                  <p className="text-xs text-slate-500">clicks</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
