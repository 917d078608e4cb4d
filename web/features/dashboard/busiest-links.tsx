import { ArrowRight, Link2, MousePointerClick, Plus } from 'lucide-react'
import { Link } from 'wouter'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { CopyButton } from '../../components/ui/copy-button'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/spinner'
import { cn } from '../../lib/cn'
import type { DashboardStats } from './api'

type BusiestLinksProps = {
  /** The busiest links of the last 30 days; undefined while loading. */
  links: DashboardStats['topLinks'] | undefined
  hasError: boolean
  /** How many links the account has; undefined while loading, null when it could not be read. */
  totalLinks: number | null | undefined
  /** Opens the create dialog; undefined for people who may not make links. */
  onCreate: (() => void) | undefined
  className?: string
}

const count = (value: number) => value.toLocaleString('en-US')
const withoutScheme = (url: string) => url.replace(/^https?:\/\//, '')
// As many rows as the server names at most: the card keeps its height while they load.
const ROWS = [0, 1, 2, 3, 4]

/** The dashboard's links with the most clicks in the last 30 days; a first-link invitation for a new account. */
export function BusiestLinks({ links, hasError, totalLinks, onCreate, className }: BusiestLinksProps) {
  const isNew = totalLinks === 0
  return (
    <Card className={cn('flex flex-col', className)} data-testid="busiest-links">
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle>Busiest Links</CardTitle>
          <CardDescription>Most clicks in the last 30 days.</CardDescription>
        </div>
        {!isNew && (
          <Button asChild variant="link" size="sm">
            <Link href="/analytics">
              All analytics
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        {hasError && !links && <Alert variant="destructive">Busiest links could not be loaded.</Alert>}
        {!hasError && (!links || totalLinks === undefined) && (
          <div role="status" className="grid gap-3" aria-busy="true" aria-label="Loading busiest links">
            {ROWS.map((row) => (
              <Skeleton key={row} className="h-12 w-full" />
            ))}
          </div>
        )}
        {links && isNew && (
          <EmptyState
            icon={Link2}
            title="Create your first share link"
            description="Shorten a URL and choose the title, description and image people see when it is shared."
            className="flex-1"
            action={
              onCreate && (
                <Button onClick={onCreate}>
                  <Plus aria-hidden="true" />
                  Create Link
                </Button>
              )
            }
          />
        )}
        {links && totalLinks !== undefined && !isNew && links.length === 0 && (
          <EmptyState
            icon={MousePointerClick}
            title="No clicks yet"
            description="Nobody has opened your links in the last 30 days. Share one: the busiest show up here with their clicks."
            className="flex-1"
            action={
              <Button asChild variant="outline">
                <Link href="/share-links">Go to your links</Link>
              </Button>
            }
          />
        )}
        {links && totalLinks !== undefined && !isNew && links.length > 0 && (
          <ol className="divide-y divide-slate-100">
            {links.map((link) => (
              <li key={link.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0" data-testid="busiest-link">
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <Link
                    href={`/share-links/${encodeURIComponent(link.id)}/analytics`}
                    className="truncate rounded-sm text-sm font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:ring-3 focus-visible:ring-brand-500/30 focus-visible:outline-none"
                    data-testid="busiest-link-title"
                  >
                    {link.title}
                  </Link>
                  <div className="flex min-w-0 items-center gap-1">
                    {/* Shown, not linked: opening it from here would count as a click. */}
                    <span className="truncate font-mono text-[13px] text-brand-700">{withoutScheme(link.url)}</span>
                    <CopyButton value={link.url} label="Copy short URL" size="icon" variant="ghost" className="size-7" />
                  </div>
                </div>
                <div className="shrink-0 text-right">
                  <p className="text-sm font-semibold text-slate-900 tabular-nums" data-testid="busiest-link-clicks">
                    {count(link.clicks)}
                  </p>
                  <p className="text-xs text-slate-500">{link.clicks === 1 ? 'click' : 'clicks'}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}
