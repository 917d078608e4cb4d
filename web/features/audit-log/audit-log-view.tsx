import { Download, History } from 'lucide-react'
import { useState } from 'react'
import { auditActionLabel } from '../../../src/shared/audit'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { LoadingState } from '../../components/ui/spinner'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { errorMessage } from '../../lib/api'
import { formatDateTime } from '../../lib/dates'
import { toast } from '../../lib/toast'
import { useMediaQuery } from '../../lib/use-media-query'
import { downloadAuditLog, hasFilters, NO_FILTERS, useAuditLog, type AuditEntry, type AuditFilters } from './api'
import { AuditFilterBar } from './audit-filters'
import { describeActor, describeChanges } from './describe-entry'

/** The account's audit log: filters, the entries newest first a page at a time, and the CSV of what matches. */
export function AuditLogView() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS)
  const { data, error, isLoading, size, setSize, mutate } = useAuditLog(filters)
  const entries = data?.flatMap((page) => page.entries) ?? []
  const hasMore = Boolean(data?.at(-1)?.nextCursor)
  const isLoadingMore = data !== undefined && size > data.length
  const isFiltered = hasFilters(filters)
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <Card>
        <CardContent className="grid gap-4">
          <AuditFilterBar filters={filters} onChange={setFilters} />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
            <p className="text-sm text-slate-500" aria-live="polite">
              {data ? `${entries.length}${hasMore ? '+' : ''} ${entries.length === 1 ? 'entry' : 'entries'}${isFiltered ? ' match' : ''}` : ''}
            </p>
            <ExportButton filters={filters} />
          </div>
        </CardContent>
      </Card>
      {error && !data ? (
        <Alert variant="destructive" title="The audit log could not be loaded.">
          <p>{errorMessage(error, 'Check your connection and try again.')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void mutate()}>
            Try Again
          </Button>
        </Alert>
      ) : isLoading && !data ? (
        <LoadingState label="Loading the audit log..." />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={History}
          title={isFiltered ? 'No entries match these filters' : 'Nothing recorded yet'}
          description={isFiltered ? 'Try another person, kind of change or period.' : 'Changes to links, keys, webhooks, members, domains, the brand and billing appear here as they are made.'}
          action={
            isFiltered && (
              <Button variant="outline" onClick={() => setFilters(NO_FILTERS)}>
                Clear Filters
              </Button>
            )
          }
        />
      ) : (
        <>
          <EntryList entries={entries} />
          {error && <Alert variant="destructive">{errorMessage(error, 'More entries could not be loaded.')}</Alert>}
          {hasMore && (
            <Button variant="outline" className="justify-self-center" isLoading={isLoadingMore} onClick={() => void setSize(size + 1)}>
              Load More
            </Button>
          )}
        </>
      )}
    </div>
  )
}

function ExportButton({ filters }: { filters: AuditFilters }) {
  const [isExporting, setIsExporting] = useState(false)
  async function exportCsv() {
    setIsExporting(true)
    try {
      await downloadAuditLog(filters)
    } catch (failure) {
      toast({ title: 'Export failed', description: errorMessage(failure, 'Check your connection and try again.'), variant: 'destructive' })
    } finally {
      setIsExporting(false)
    }
  }
  return (
    <Button variant="outline" isLoading={isExporting} onClick={() => void exportCsv()}>
      {!isExporting && <Download aria-hidden="true" />}
      Export CSV
    </Button>
  )
}

const When = ({ entry }: { entry: AuditEntry }) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>

function Who({ entry }: { entry: AuditEntry }) {
  const { name, kind } = describeActor(entry.actor)
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-1.5">
      <span className="wrap-anywhere">{name}</span>
      {kind && <Badge variant="secondary">{kind}</Badge>}
    </span>
  )
}

const What = ({ entry }: { entry: AuditEntry }) => (
  <Badge variant={entry.action.endsWith('.deleted') || entry.action.endsWith('.removed') || entry.action.endsWith('.revoked') ? 'destructive' : 'default'}>{auditActionLabel(entry.action)}</Badge>
)

const Target = ({ entry }: { entry: AuditEntry }) => <span className="wrap-anywhere">{entry.target.name ?? `${entry.target.type} ${entry.target.id}`}</span>

function Changes({ entry }: { entry: AuditEntry }) {
  const lines = describeChanges(entry.changes)
  if (lines.length === 0) return <span className="text-slate-400">—</span>
  return (
    <ul className="grid gap-0.5">
      {lines.map((line) => (
        <li key={line} className="wrap-anywhere">
          {line}
        </li>
      ))}
    </ul>
  )
}

const Address = ({ entry }: { entry: AuditEntry }) => <span className="font-mono text-xs wrap-anywhere text-slate-600">{entry.address ?? '—'}</span>

/** A table where the screen is wide enough for its six columns; below, a card per entry, so nothing scrolls sideways. */
function EntryList({ entries }: { entries: AuditEntry[] }) {
  const isWide = useMediaQuery('(min-width: 80rem)')
  if (isWide)
    return (
      <div className="rounded-lg border border-slate-200 bg-white">
        <Table aria-label="Audit log entries" label="Audit log entries">
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>What</TableHead>
              <TableHead>Target</TableHead>
              <TableHead>Changes</TableHead>
              <TableHead>Address</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id} data-testid="audit-entry">
                <TableCell className="whitespace-nowrap">
                  <When entry={entry} />
                </TableCell>
                <TableCell className="max-w-64">
                  <Who entry={entry} />
                </TableCell>
                <TableCell>
                  <What entry={entry} />
                </TableCell>
                <TableCell className="max-w-56 font-medium text-slate-900">
                  <Target entry={entry} />
                </TableCell>
                <TableCell className="max-w-md text-[13px]">
                  <Changes entry={entry} />
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <Address entry={entry} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    )
  return (
    <ul aria-label="Audit log entries" className="grid gap-3 md:grid-cols-2">
      {entries.map((entry) => (
        <li key={entry.id} data-testid="audit-entry" className="grid min-w-0 content-start gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <What entry={entry} />
            <span className="text-xs text-slate-500">
              <When entry={entry} />
            </span>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            {(
              [
                ['Who', <Who key="who" entry={entry} />],
                ['Target', <Target key="target" entry={entry} />],
                ['Changes', <Changes key="changes" entry={entry} />],
                ['Address', <Address key="address" entry={entry} />],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="col-span-2 grid grid-cols-subgrid">
                <dt className="text-slate-500">{label}</dt>
                <dd className="min-w-0 text-slate-800">{value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  )
}
