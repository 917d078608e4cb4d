import { Link2, Plus, Power, PowerOff, Search, SearchX, Trash2, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { Input } from '../../components/ui/input'
import { Pagination } from '../../components/ui/pagination'
import { Select } from '../../components/ui/select'
import { Spinner } from '../../components/ui/spinner'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { pageCount, type LinkBulkAction, type LinkListSort } from '../../../src/shared/link-list'
import { changeLinks, checkLink, deleteLink, updateLink, useCustomDomainStatus, useLinkPage, useTags, type Link, type LinkWithCounts } from './api'
import { LinkFormDialog } from './link-form-dialog'
import { LinkList, LinkListSkeleton } from './link-list'
import { QrDialog } from './qr-dialog'
import {
  DEFAULT_TIME_FILTER,
  LINKS_PER_PAGE,
  SEARCH_DELAY_MS,
  SORT_LABELS,
  SORTS,
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
const SORT_OPTIONS = SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))
// The tag filter's "any" choice: a value no tag name can be (names have no commas).
const ALL_TAGS = ','

const BULK_DONE: Record<LinkBulkAction, (count: number) => string> = {
  activate: (count) => `${count} ${count === 1 ? 'link' : 'links'} switched on`,
  deactivate: (count) => `${count} ${count === 1 ? 'link' : 'links'} switched off`,
  delete: (count) => `${count} ${count === 1 ? 'link' : 'links'} deleted`,
}

/**
 * The list of /share-links with its filters and order, the actions on each link, and actions on
 * the links picked. `onCreate` opens the create form, empty or from a link to duplicate.
 */
export function LinkManager({ onCreate }: { onCreate: (template?: Link) => void }) {
  const [search, setSearch] = useState('')
  // The weekly mail of what broke links here with ?health=broken.
  const [status, setStatus] = useState<StatusFilter>(() => (new URLSearchParams(window.location.search).get('health') === 'broken' ? 'attention' : 'all'))
  // A tag's name, or '' for links with any tags or none.
  const [tag, setTag] = useState('')
  const { data: tags } = useTags()
  const [period, setPeriod] = useState<TimeFilter>(DEFAULT_TIME_FILTER)
  const [sort, setSort] = useState<LinkListSort>('newest')
  const [page, setPage] = useState(1)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [isBulkBusy, setIsBulkBusy] = useState(false)
  const [isBulkDeleteOpen, setIsBulkDeleteOpen] = useState(false)
  // The server searches; it is asked once typing pauses, not on every key.
  const [sentSearch, setSentSearch] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setSentSearch(search.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [search])
  // Other filters or another order show other links: back to their first page.
  useEffect(() => setPage(1), [sentSearch, status, tag, sort])
  // What is picked is what is on screen: another page, filter or order starts afresh.
  useEffect(() => setSelected(new Set()), [sentSearch, status, tag, sort, page])
  const { data, error, isLoading, isValidating, mutate } = useLinkPage({ period, search: sentSearch, status, tag, sort, page, limit: LINKS_PER_PAGE })
  // A tag deleted or renamed elsewhere no longer filters.
  useEffect(() => {
    if (tag && tags && !tags.some((known) => known.name === tag)) setTag('')
  }, [tag, tags])
  const links = data?.items
  const total = data?.total ?? 0
  const pages = pageCount(total, LINKS_PER_PAGE)
  // What is on screen: the page asked for once it has arrived, the one before it until then.
  const shownPage = data?.page ?? page
  // Deleting the last link of the last page leaves an empty page behind: show the one before it.
  useEffect(() => {
    if (data && data.page === page && page > pages) setPage(pages)
  }, [data, page, pages])
  const { data: domain } = useCustomDomainStatus()
  // Each dialog keeps its link while it closes, so its text does not change during the exit animation.
  const qr = useDialogTarget()
  const edit = useDialogTarget()
  const remove = useDialogTarget()

  const isFiltered = sentSearch !== '' || status !== 'all' || tag !== ''
  const first = (shownPage - 1) * LINKS_PER_PAGE + 1

  function select(ids: string[], picked: boolean) {
    setSelected((current) => {
      const next = new Set(current)
      for (const id of ids) picked ? next.add(id) : next.delete(id)
      return next
    })
  }

  async function runBulk(action: LinkBulkAction) {
    setIsBulkBusy(true)
    try {
      const changed = await changeLinks(action, [...selected])
      toast({ title: BULK_DONE[action](changed.length) })
      setSelected(new Set())
    } catch (failure) {
      toast({ title: 'The links could not be changed', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    } finally {
      setIsBulkBusy(false)
    }
  }

  async function toggleActive(link: LinkWithCounts) {
    try {
      await updateLink(link.id, { isActive: !link.isActive })
      toast({ title: link.isActive ? 'Share link switched off' : 'Share link switched on', description: link.title })
    } catch (failure) {
      toast({ title: 'Failed to update share link', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    }
  }

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

  async function checkNow(link: LinkWithCounts) {
    try {
      const health = await checkLink(link.id)
      if (health.status === 'broken') toast({ title: 'This link needs attention', description: health.reason ?? undefined, variant: 'destructive' })
      else toast({ title: 'Checked: the link and its card work' })
    } catch (failure) {
      toast({ title: 'Failed to check the link', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    }
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <search className="flex flex-col gap-3 lg:flex-row lg:items-center" aria-label="Filter share links">
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
          <Select aria-label="Order" value={sort} onValueChange={setSort} options={SORT_OPTIONS} className={tags?.length ? 'md:w-40' : 'col-span-2 md:col-span-1 md:w-40'} />
          {tags && tags.length > 0 && (
            <Select
              aria-label="Tag"
              value={tag || ALL_TAGS}
              onValueChange={(value) => setTag(value === ALL_TAGS ? '' : value)}
              options={[{ value: ALL_TAGS, label: 'All tags' }, ...tags.map((known) => ({ value: known.name, label: known.name }))]}
              className="md:w-40"
            />
          )}
        </div>
        {links && isValidating && <Spinner className="hidden text-slate-400 lg:block" />}
      </search>

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

      {links && total === 0 && !isFiltered && (
        <EmptyState
          icon={Link2}
          title="No share links yet"
          description="Create a short link with the title, description and image you want people to see when it is shared."
          action={
            <Button onClick={() => onCreate()}>
              <Plus aria-hidden="true" />
              Create your first link
            </Button>
          }
        />
      )}
      {links && total === 0 && isFiltered && (
        <EmptyState
          icon={SearchX}
          title="No links match your filters"
          description="Try another search, status or tag."
          action={
            <Button
              variant="outline"
              onClick={() => {
                setSearch('')
                setSentSearch('')
                setStatus('all')
                setTag('')
              }}
            >
              Clear filters
            </Button>
          }
        />
      )}
      {links && links.length > 0 && (
        <div aria-busy={isValidating || undefined} className={isValidating ? 'opacity-70 transition-opacity' : undefined}>
          {selected.size > 0 && (
            <section
              aria-label="Actions on the selected links"
              className="sticky top-18 z-20 mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50/95 px-3 py-2 shadow-sm backdrop-blur"
            >
              <p className="mr-auto text-sm font-medium text-brand-900" aria-live="polite" data-testid="selected-count">
                {selected.size} selected
              </p>
              <Button size="sm" variant="outline" onClick={() => void runBulk('activate')} disabled={isBulkBusy}>
                <Power aria-hidden="true" />
                Activate
              </Button>
              <Button size="sm" variant="outline" onClick={() => void runBulk('deactivate')} disabled={isBulkBusy}>
                <PowerOff aria-hidden="true" />
                Deactivate
              </Button>
              <Button size="sm" variant="destructive" onClick={() => setIsBulkDeleteOpen(true)} disabled={isBulkBusy}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())} disabled={isBulkBusy}>
                <X aria-hidden="true" />
                Clear
              </Button>
            </section>
          )}
          <LinkList
            links={links}
            period={period}
            domain={domain}
            selected={selected}
            onSelect={select}
            onShowQr={qr.show}
            onEdit={edit.show}
            onDuplicate={(link) => onCreate(link)}
            onToggleActive={(link) => void toggleActive(link)}
            onDelete={remove.show}
            onCheck={(link) => void checkNow(link)}
          />
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-500" aria-live="polite" data-testid="results-summary">
              Showing {first} to {first + links.length - 1} of {total} results
            </p>
            {pages > 1 && <Pagination page={Math.min(shownPage, pages)} pageCount={pages} onPageChange={setPage} label="Share link pages" />}
          </div>
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
      <ConfirmDialog
        open={isBulkDeleteOpen}
        onOpenChange={setIsBulkDeleteOpen}
        title={`Delete ${selected.size} share ${selected.size === 1 ? 'link' : 'links'}?`}
        description="Their short URLs and printed QR codes will stop working. This action cannot be undone."
        confirmLabel="Delete"
        destructive
        onConfirm={() => runBulk('delete')}
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
