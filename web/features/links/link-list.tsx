import { BarChart3, CopyPlus, Ellipsis, Pencil, Power, PowerOff, QrCode, Trash2 } from 'lucide-react'
import { Link as RouterLink } from 'wouter'
import { Badge, type BadgeVariant } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { ActionMenu, MenuItem } from '../../components/ui/menu'
import { CopyButton } from '../../components/ui/copy-button'
import { Skeleton } from '../../components/ui/spinner'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { cn } from '../../lib/cn'
import { formatDate } from '../../lib/dates'
import { useCan } from '../../lib/session'
import { useMediaQuery } from '../../lib/use-media-query'
import { useTags, type CustomDomainStatus, type LinkWithCounts } from './api'
import { TagChip } from './tag-chip'
import {
  customDomainUrl,
  formatCount,
  isRouted,
  linkStatus,
  STATUS_LABELS,
  TIME_FILTER_SHORT,
  withoutScheme,
  type LinkStatus,
  type TimeFilter,
} from './link-view'

const STATUS_BADGES: Record<LinkStatus, BadgeVariant> = { active: 'success', inactive: 'secondary', expired: 'warning' }

/** The path of a link's analytics screen. */
const analyticsPath = (id: string) => `/share-links/${encodeURIComponent(id)}/analytics`

type LinkActions = {
  onShowQr: (link: LinkWithCounts) => void
  onEdit: (link: LinkWithCounts) => void
  onDuplicate: (link: LinkWithCounts) => void
  onToggleActive: (link: LinkWithCounts) => void
  onDelete: (link: LinkWithCounts) => void
}

/** Which links are picked for a bulk action. */
type LinkSelection = {
  selected: ReadonlySet<string>
  onSelect: (ids: string[], picked: boolean) => void
}

type LinkListProps = LinkActions &
  LinkSelection & {
    links: LinkWithCounts[]
    period: TimeFilter
    domain?: CustomDomainStatus
  }

function SelectBox({ checked, label, onChange, indeterminate }: { checked: boolean; label: string; onChange: (checked: boolean) => void; indeterminate?: boolean }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      ref={(box) => {
        if (box) box.indeterminate = Boolean(indeterminate)
      }}
      onChange={(event) => onChange(event.target.checked)}
      className="size-4 shrink-0 cursor-pointer rounded accent-brand-600"
      data-testid="select-link"
    />
  )
}

/** A link's tags as chips in their colours; nothing for a link without tags. */
function LinkTags({ names, className }: { names: string[]; className?: string }) {
  const { data: tags } = useTags()
  if (names.length === 0) return null
  return (
    <ul className={cn('flex flex-wrap gap-1', className)} aria-label="Tags">
      {names.map((name) => (
        <li key={name} className="flex min-w-0">
          <TagChip name={name} color={tags?.find((tag) => tag.name === name)?.color} />
        </li>
      ))}
    </ul>
  )
}

/** A table on extra-large screens, cards below. */
export function LinkList(props: LinkListProps) {
  const isWide = useMediaQuery('(min-width: 80rem)')
  return isWide ? <LinkTable {...props} /> : <LinkCards {...props} />
}

function StatusBadge({ link }: { link: LinkWithCounts }) {
  const status = linkStatus(link)
  const badge = (
    <Badge variant={STATUS_BADGES[status]} data-testid="link-status">
      {STATUS_LABELS[status]}
    </Badge>
  )
  if (!isRouted(link)) return badge
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-1">
      {badge}
      <Badge variant="secondary" title="Sends people on iOS or Android, or in some countries, to URLs of their own" data-testid="link-routing">
        Routing
      </Badge>
    </span>
  )
}

function ShortUrls({ link, domain }: { link: LinkWithCounts; domain?: CustomDomainStatus }) {
  const custom = customDomainUrl(domain, link)
  return (
    <div className="grid min-w-0 gap-1">
      <UrlLine url={link.url} copyLabel="Copy short URL" testId="short-url" />
      {custom && <UrlLine url={custom} copyLabel="Copy custom-domain URL" testId="custom-domain-url" />}
    </div>
  )
}

function UrlLine({ url, copyLabel, testId }: { url: string; copyLabel: string; testId: string }) {
  return (
    <div className="flex min-w-0 items-center gap-1">
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="truncate font-mono text-[13px] text-brand-700 hover:underline"
        title={url}
        data-testid={testId}
      >
        {withoutScheme(url)}
      </a>
      <CopyButton value={url} label={copyLabel} copiedLabel="Copied" size="icon" variant="ghost" className="size-7" />
    </div>
  )
}

function TargetUrl({ url, className }: { url: string; className?: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" title={url} className={cn('block truncate text-slate-600 hover:text-slate-900 hover:underline', className)}>
      {withoutScheme(url)}
    </a>
  )
}

function ActionButtons({ link, onShowQr, onEdit, onDuplicate, onToggleActive, onDelete, withLabels }: LinkActions & { link: LinkWithCounts; withLabels?: boolean }) {
  const size = withLabels ? 'sm' : 'icon'
  const iconClass = withLabels ? undefined : 'size-8'
  const label = (text: string) => (withLabels ? {} : { 'aria-label': text, title: text })
  // A viewer looks: changing the link is not theirs to do.
  const mayChange = useCan('links:write')
  return (
    <div className={withLabels ? 'flex flex-wrap gap-2' : 'flex items-center justify-end gap-0.5'}>
      <Button asChild variant="ghost" size={size} className={iconClass}>
        <RouterLink href={analyticsPath(link.id)} aria-label={withLabels ? undefined : 'Analytics'} title={withLabels ? undefined : 'Analytics'}>
          <BarChart3 aria-hidden="true" />
          {withLabels && 'Analytics'}
        </RouterLink>
      </Button>
      <Button variant="ghost" size={size} className={iconClass} onClick={() => onShowQr(link)} {...label('QR Code')}>
        <QrCode aria-hidden="true" />
        {withLabels && 'QR Code'}
      </Button>
      {mayChange && (
        <>
          <Button variant="ghost" size={size} className={iconClass} onClick={() => onEdit(link)} {...label('Edit')}>
            <Pencil aria-hidden="true" />
            {withLabels && 'Edit'}
          </Button>
          <MoreActions link={link} onDuplicate={onDuplicate} onToggleActive={onToggleActive} withLabel={withLabels} />
          <Button variant="ghost" size={size} className={cn(iconClass, 'text-red-600 hover:bg-red-50 hover:text-red-700')} onClick={() => onDelete(link)} {...label('Delete')}>
            <Trash2 aria-hidden="true" />
            {withLabels && 'Delete'}
          </Button>
        </>
      )}
    </div>
  )
}

/** The actions used less often, in a menu, so every row keeps its actions in view. */
function MoreActions({ link, onDuplicate, onToggleActive, withLabel }: Pick<LinkActions, 'onDuplicate' | 'onToggleActive'> & { link: LinkWithCounts; withLabel?: boolean }) {
  return (
    <ActionMenu
      trigger={
        <Button variant="ghost" size={withLabel ? 'sm' : 'icon'} className={withLabel ? undefined : 'size-8'} aria-label={`More actions for ${link.title}`} title="More actions">
          <Ellipsis aria-hidden="true" />
          {withLabel && 'More'}
        </Button>
      }
    >
      <MenuItem onSelect={() => onDuplicate(link)}>
        <CopyPlus aria-hidden="true" />
        Duplicate
      </MenuItem>
      <MenuItem onSelect={() => onToggleActive(link)}>
        {link.isActive ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
        {link.isActive ? 'Deactivate' : 'Activate'}
      </MenuItem>
    </ActionMenu>
  )
}

function LinkTable({ links, period, domain, selected, onSelect, ...actions }: LinkListProps) {
  const span = TIME_FILTER_SHORT[period]
  const pickedHere = links.filter((link) => selected.has(link.id)).length
  return (
    <Card className="overflow-hidden">
      <Table data-testid="link-table">
        <TableHeader>
          <tr>
            <TableHead className="w-10 pr-0">
              <SelectBox
                label="Select all links on this page"
                checked={pickedHere === links.length}
                indeterminate={pickedHere > 0 && pickedHere < links.length}
                onChange={(picked) =>
                  onSelect(
                    links.map((link) => link.id),
                    picked,
                  )
                }
              />
            </TableHead>
            <TableHead>Title / Target URL</TableHead>
            <TableHead>Short URL</TableHead>
            <TableHead className="text-right">
              Clicks <span className="font-normal normal-case">({span})</span>
            </TableHead>
            <TableHead className="text-right">
              Previews <span className="font-normal normal-case">({span})</span>
            </TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Created</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </tr>
        </TableHeader>
        <TableBody>
          {links.map((link) => (
            <TableRow key={link.id} data-testid="link-row" data-state={selected.has(link.id) ? 'selected' : undefined}>
              <TableCell className="w-10 pr-0">
                <SelectBox label={`Select ${link.title}`} checked={selected.has(link.id)} onChange={(picked) => onSelect([link.id], picked)} />
              </TableCell>
              <TableCell className="max-w-64 min-w-48">
                <p className="truncate font-medium text-slate-900" title={link.title}>
                  {link.title}
                </p>
                <TargetUrl url={link.targetUrl} className="text-[13px]" />
                <LinkTags names={link.tags} className="mt-1" />
              </TableCell>
              <TableCell className="max-w-80 min-w-64">
                <ShortUrls link={link} domain={domain} />
              </TableCell>
              <TableCell className="text-right tabular-nums" data-testid="link-clicks">
                {formatCount(link.clicks)}
              </TableCell>
              <TableCell className="text-right tabular-nums" data-testid="link-previews">
                {formatCount(link.previews)}
              </TableCell>
              <TableCell>
                <StatusBadge link={link} />
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(link.createdAt)}</TableCell>
              <TableCell className="py-2">
                <ActionButtons link={link} {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  )
}

function LinkCards({ links, period, domain, selected, onSelect, ...actions }: LinkListProps) {
  const span = TIME_FILTER_SHORT[period]
  return (
    <ul className="grid gap-3 md:grid-cols-2" data-testid="link-cards">
      {links.map((link) => (
        <li key={link.id}>
          <Card className={cn('grid h-full content-start gap-3 p-4', selected.has(link.id) && 'ring-2 ring-brand-500/40')} data-testid="link-card">
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 items-start gap-2.5">
                <span className="mt-1 flex">
                  <SelectBox label={`Select ${link.title}`} checked={selected.has(link.id)} onChange={(picked) => onSelect([link.id], picked)} />
                </span>
                <h3 className="min-w-0 font-medium break-words text-slate-900">{link.title}</h3>
              </div>
              <StatusBadge link={link} />
            </div>
            <TargetUrl url={link.targetUrl} className="text-sm" />
            <LinkTags names={link.tags} />
            <ShortUrls link={link} domain={domain} />
            <dl className="grid grid-cols-3 gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Clicks ({span})</dt>
                <dd className="font-medium text-slate-900 tabular-nums" data-testid="link-clicks">
                  {formatCount(link.clicks)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Previews ({span})</dt>
                <dd className="font-medium text-slate-900 tabular-nums" data-testid="link-previews">
                  {formatCount(link.previews)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Created</dt>
                <dd className="text-slate-900">{formatDate(link.createdAt)}</dd>
              </div>
            </dl>
            <ActionButtons link={link} {...actions} withLabels />
          </Card>
        </li>
      ))}
    </ul>
  )
}

/** Rows in the shape of the list while it loads. */
export function LinkListSkeleton() {
  return (
    <div role="status" className="grid gap-3" aria-busy="true" aria-label="Loading share links" data-testid="links-loading">
      {[0, 1, 2].map((row) => (
        <Card key={row} className="flex flex-wrap items-center gap-4 p-4">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-56 max-w-full" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="ml-auto h-6 w-16" />
        </Card>
      ))}
    </div>
  )
}
