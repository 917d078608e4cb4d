import { Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { LoadingState } from '../../components/ui/spinner'
import { formatDate } from '../../lib/dates'
import { toast } from '../../lib/toast'
import { deleteLink, PAGE_SIZE, type AdminLink } from './api'
import { Pager } from './pager'
import { RowList, type Column } from './row-list'

type LinkListProps = {
  links: AdminLink[] | undefined
  total: number
  isLoading: boolean
  error: unknown
  /** 'Failed to fetch user links' or 'Failed to fetch account links'. */
  errorText: string
  page: number
  onPageChange: (page: number) => void
}

const COLUMNS: Column<AdminLink>[] = [
  { label: 'Title', value: (link) => <span title={link.title}>{link.title}</span>, cellClassName: 'max-w-56 truncate font-medium text-slate-900' },
  {
    label: 'URL',
    value: (link) => (
      <a href={link.targetUrl} target="_blank" rel="noreferrer noopener" className="text-brand-700 hover:underline" title={link.targetUrl}>
        {link.targetUrl}
      </a>
    ),
    cellClassName: 'max-w-72 truncate',
  },
  { label: 'Created', value: (link) => formatDate(link.createdAt), cellClassName: 'whitespace-nowrap' },
]

/** A detail card's links: Title, URL, Created and a delete action behind a confirmation. */
export function LinkList({ links, total, isLoading, error, errorText, page, onPageChange }: LinkListProps) {
  const [pending, setPending] = useState<AdminLink | null>(null)
  // Deleting the last link of a later page leaves it empty: show the page before instead.
  const isEmptyLaterPage = links !== undefined && links.length === 0 && page > 1
  useEffect(() => {
    if (isEmptyLaterPage) onPageChange(page - 1)
  }, [isEmptyLaterPage, page, onPageChange])

  async function remove(link: AdminLink) {
    try {
      await deleteLink(link.id)
      toast({ title: 'Success', description: 'Link deleted successfully' })
    } catch (failure) {
      toast({ title: 'Error', description: 'Failed to delete link', variant: 'destructive' })
      throw failure
    }
  }

  if (error && !links) return <Alert variant="destructive">{errorText}</Alert>
  if (!links) return isLoading ? <LoadingState label="Loading links..." className="py-8" /> : null
  if (links.length === 0 && page === 1) return <p className="rounded-lg border border-dashed border-slate-300 py-8 text-center text-sm text-slate-500">No links found</p>
  return (
    <>
      {error && <Alert variant="destructive" className="mb-3">{errorText}</Alert>}
      <RowList
        label="Links"
        columns={COLUMNS}
        rows={links}
        actions={(link) => (
          <Button variant="ghost" size="icon" aria-label={`Delete link ${link.title}`} onClick={() => setPending(link)}>
            <Trash2 className="text-red-600" aria-hidden="true" />
          </Button>
        )}
      />
      {total > PAGE_SIZE && <Pager page={page} hasNext={page * PAGE_SIZE < total} onPageChange={onPageChange} label="Links pages" />}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Delete Link"
        description="Are you sure you want to delete this link? This action cannot be undone."
        confirmLabel="Delete"
        destructive
        onConfirm={() => pending && remove(pending)}
      />
    </>
  )
}
