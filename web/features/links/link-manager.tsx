import { Link2, Plus, Search, SearchX } from 'lucide-react'
import { useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { Input } from '../../components/ui/input'
import { Select } from '../../components/ui/select'
import { Spinner } from '../../components/ui/spinner'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { deleteLink, useCustomDomainStatus, useLinks, type LinkWithCounts } from './api'
import { LinkFormDialog } from './link-form-dialog'
import { LinkList, LinkListSkeleton } from './link-list'
import { QrDialog } from './qr-dialog'
import {
  DEFAULT_TIME_FILTER,
  filterLinks,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  TIME_FILTER_LABELS,
  TIME_FILTERS,
  withoutScheme,
  type StatusFilter,
  type TimeFilter,
} from './link-view'

const STATUS_OPTIONS = STATUS_FILTERS.map((value) => ({ value, label: STATUS_FILTER_LABELS[value] }))
const TIME_OPTIONS = TIME_FILTERS.map((value) => ({ value, label: TIME_FILTER_LABELS[value] }))

/** The list of /share-links with its filters, and the QR, edit and delete actions on each link. */
export function LinkManager({ onCreate }: { onCreate: () => void }) {
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<StatusFilter>('all')
  const [period, setPeriod] = useState<TimeFilter>(DEFAULT_TIME_FILTER)
  const { data: links, error, isLoading, isValidating, mutate } = useLinks(period)
  const { data: domain } = useCustomDomainStatus()
  // Each dialog keeps its link while it closes, so its text does not change during the exit animation.
  const qr = useDialogTarget()
  const edit = useDialogTarget()
  const remove = useDialogTarget()

  const shown = links ? filterLinks(links, { search, status }) : []
  const isFiltered = search.trim() !== '' || status !== 'all'

  async function confirmDelete() {
    const link = remove.link
    if (!link) return
    try {
      await deleteLink(link.id)
      toast({ title: 'Share link deleted', description: link.title })
    } catch (failure) {
      toast({ title: 'Failed to delete share link', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    }
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-center" role="search" aria-label="Filter share links">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <Input
            type="search"
            aria-label="Search links"
            placeholder="Search by title, URL or alias..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <div className="grid grid-cols-2 gap-3 md:flex md:items-center">
          <Select aria-label="Status" value={status} onValueChange={setStatus} options={STATUS_OPTIONS} className="md:w-40" />
          <Select aria-label="Time period" value={period} onValueChange={setPeriod} options={TIME_OPTIONS} className="md:w-40" />
        </div>
        {links && isValidating && <Spinner className="hidden text-slate-400 md:block" />}
      </div>

      {error && !links && (
        <Alert variant="destructive" title="Failed to fetch share links">
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <span>{errorMessage(error, 'Please try again in a moment.')}</span>
            <Button variant="outline" size="sm" onClick={() => void mutate()}>
              Try again
            </Button>
          </div>
        </Alert>
      )}
      {!links && isLoading && <LinkListSkeleton />}

      {links && links.length === 0 && (
        <EmptyState
          icon={Link2}
          title="No share links yet"
          description="Create a short link with the title, description and image you want people to see when it is shared."
          action={
            <Button onClick={onCreate}>
              <Plus aria-hidden="true" />
              Create your first link
            </Button>
          }
        />
      )}
      {links && links.length > 0 && shown.length === 0 && (
        <EmptyState
          icon={SearchX}
          title="No links match your filters"
          description={isFiltered ? 'Try another search or status.' : undefined}
          action={
            <Button
              variant="outline"
              onClick={() => {
                setSearch('')
                setStatus('all')
              }}
            >
              Clear filters
            </Button>
          }
        />
      )}
      {shown.length > 0 && (
        <div aria-busy={isValidating || undefined}>
          <LinkList links={shown} period={period} domain={domain} onShowQr={qr.show} onEdit={edit.show} onDelete={remove.show} />
          <p className="mt-3 text-sm text-slate-500" aria-live="polite" data-testid="results-summary">
            Showing 1 to {shown.length} of {shown.length} results
          </p>
        </div>
      )}

      <QrDialog open={qr.open} onOpenChange={qr.setOpen} link={qr.link} />
      {edit.link && <LinkFormDialog open={edit.open} onOpenChange={edit.setOpen} link={edit.link} />}
      <ConfirmDialog
        open={remove.open}
        onOpenChange={remove.setOpen}
        title="Delete this share link?"
        description={
          remove.link && (
            <>
              “{remove.link.title}” will be deleted and {withoutScheme(remove.link.url)} will stop working. This action cannot be undone.
            </>
          )
        }
        confirmLabel="Delete"
        destructive
        onConfirm={confirmDelete}
      />
    </div>
  )
}

function useDialogTarget() {
  const [state, setState] = useState<{ link: LinkWithCounts | null; open: boolean }>({ link: null, open: false })
  return {
    link: state.link,
    open: state.open,
    show: (link: LinkWithCounts) => setState({ link, open: true }),
    setOpen: (open: boolean) => setState((current) => ({ ...current, open })),
  }
}
