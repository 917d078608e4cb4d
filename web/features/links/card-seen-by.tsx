import { ExternalLink, RefreshCw, RotateCw } from 'lucide-react'
import { useState } from 'react'
import useSWR from 'swr'
import type { CardStatus } from '../../../src/modules/cards/schema'
import { CARD_PLATFORM_NAMES, type CardPlatform } from '../../../src/shared/platform-cards'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { LoadingState } from '../../components/ui/spinner'
import { api, errorMessage } from '../../lib/api'
import { formatDateTime } from '../../lib/dates'
import { relativeTime } from '../../lib/relative-time'
import { toast } from '../../lib/toast'

type Entry = CardStatus['platforms'][number]

/**
 * Which card each platform holds: when its crawler last fetched the link and which version it got,
 * and how to have it show the current one (a button where Linkcard can ask, else the platform's tool
 * or what to wait for).
 */
export function CardSeenBy({ linkId }: { linkId: string }) {
  const status = useSWR<CardStatus>(`/shareLinks/${encodeURIComponent(linkId)}/card`, api.get)
  if (status.isLoading) return <LoadingState label="Loading what the platforms have..." />
  if (status.error || !status.data)
    return (
      <Alert variant="destructive" title="Failed to fetch what the platforms have">
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span>{errorMessage(status.error, 'Please try again in a moment.')}</span>
          <Button variant="outline" size="sm" onClick={() => void status.mutate()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      </Alert>
    )
  const { cardVersion, platforms } = status.data
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600">
        The card is at <span className="font-medium text-slate-900">version {cardVersion}</span>: it goes up by one whenever the title, description, image or another card field changes.
      </p>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="seen-by">
        {platforms.map((entry) => (
          <SeenByRow key={entry.platform} linkId={linkId} entry={entry} current={cardVersion} onRefreshed={() => void status.mutate()} />
        ))}
      </ul>
    </div>
  )
}

function SeenByRow({ linkId, entry, current, onRefreshed }: { linkId: string; entry: Entry; current: number; onRefreshed: () => void }) {
  const name = CARD_PLATFORM_NAMES[entry.platform as CardPlatform]
  const [isRefreshing, setIsRefreshing] = useState(false)
  const isStale = entry.version !== null && entry.version < current

  async function refresh() {
    setIsRefreshing(true)
    try {
      await api.post(`/shareLinks/${encodeURIComponent(linkId)}/card/refresh`, { platform: entry.platform })
      toast({ title: `${name} is reading the card again`, description: 'It shows the new card on posts made from now on.' })
      onRefreshed()
    } catch (error) {
      toast({ title: `${name} did not refresh the card`, description: errorMessage(error, 'Please try again in a moment.'), variant: 'destructive' })
    } finally {
      setIsRefreshing(false)
    }
  }

  return (
    <li className="grid gap-2 px-4 py-3 sm:grid-cols-[8rem_minmax(0,1fr)_auto] sm:items-center" data-testid="seen-by-row" data-platform={entry.platform}>
      <span className="text-sm font-semibold text-slate-900">{name}</span>
      <div className="grid gap-1 text-sm text-slate-600">
        {entry.fetchedAt === null ? (
          <span>Not fetched yet</span>
        ) : (
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span title={formatDateTime(entry.fetchedAt)}>
              Fetched version {entry.version} · {relativeTime(entry.fetchedAt)}
            </span>
            {isStale ? <Badge variant="warning">Older than version {current}</Badge> : <Badge variant="success">Current</Badge>}
          </span>
        )}
        {entry.refresh.kind !== 'api' && <span className="text-[13px] text-slate-500">{entry.refresh.step}</span>}
      </div>
      <div className="flex">
        {entry.refresh.kind === 'api' && (
          <Button variant="outline" size="sm" onClick={() => void refresh()} isLoading={isRefreshing}>
            <RefreshCw aria-hidden="true" />
            Refresh on {name}
          </Button>
        )}
        {entry.refresh.kind === 'tool' && (
          <Button asChild variant="outline" size="sm">
            <a href={entry.refresh.url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              Refresh on {name}
            </a>
          </Button>
        )}
      </div>
    </li>
  )
}
