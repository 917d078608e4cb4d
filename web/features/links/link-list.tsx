import { BarChart3, CopyPlus, Ellipsis, Lock, Pencil, Power, PowerOff, QrCode, RefreshCw, Trash2, TriangleAlert } from 'lucide-react'
import { Link as RouterLink } from 'wouter'
import { Badge, type BadgeVariant } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { ActionMenu, MenuItem } from '../../components/ui/menu'
import { CopyButton } from '../../components/ui/copy-button'
import { Skeleton } from '../../components/ui/spinner'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { cn } from '../../lib/cn'
import { formatDate, formatDateTime } from '../../lib/dates'
import { useCan } from '../../lib/session'
import { useMediaQuery } from '../../lib/use-media-query'
import { useState } from 'react'
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
  onCheck: (link: LinkWithCounts) => void
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

/** What the last check found wrong with the link's target or card image, and when: shown only when something is. */
function HealthNote({ link }: { link: LinkWithCounts }) {
  if (link.health.status !== 'broken') return null
  return (
    <li className="flex w-full min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5" data-testid="link-health">
      <Badge variant="destructive">
        <TriangleAlert aria-hidden="true" className="size-3" />
        Needs attention
      </Badge>
      <span className="min-w-0 text-xs break-words text-red-700">
        {link.health.reason}
        {link.health.checkedAt && <span className="text-slate-500"> · checked {formatDateTime(link.health.checkedAt)}</span>}
      </span>
    </li>
  )
}

/** What a link asks of its visitors or when it stops: a password, a click limit with the clicks so far, an expiry to come; and whether it needs attention. */
function LinkFacts({ link, className }: { link: LinkWithCounts; className?: string }) {
  const expires = link.expiresAt && linkStatus(link) === 'active' ? link.expiresAt : null
  if (!link.hasPassword && link.clickLimit === null && !expires && link.health.status !== 'broken') return null
  return (
    <ul className={cn('flex flex-wrap gap-1', className)} aria-label="Link settings">
      <HealthNote link={link} />
      {link.hasPassword && (
        <li>
          <Badge variant="secondary" title="People give a password before they are sent on" data-testid="link-password">
            <Lock aria-hidden="true" className="size-3" />
            Password
          </Badge>
        </li>
      )}
      {link.clickLimit !== null && (
        <li>
          <Badge
            variant={(link.clicksTowardLimit ?? 0) >= link.clickLimit ? 'warning' : 'secondary'}
            title={`${formatCount(link.clicksTowardLimit ?? 0)} of the ${formatCount(link.clickLimit)} clicks it sends on`}
            data-testid="link-click-limit"
          >
            {formatCount(link.clicksTowardLimit ?? 0)} / {formatCount(link.clickLimit)} clicks
          </Badge>
        </li>
      )}
      {expires && (
        <li>
          <Badge variant="secondary" title={`Stops working on ${formatDateTime(expires)}`} data-testid="link-expiry">
            Expires {formatDate(expires)}
          </Badge>
        </li>
      )}
    </ul>
  )
}

/** The link's card image, small, or the first letter of the target's site when it has none or it cannot be shown. */
function LinkThumb({ link }: { link: LinkWithCounts }) {
  const image = link.ogImage ?? link.cardImageUrl
  const [failed, setFailed] = useState(false)
  if (image && !failed) {
    return <img src={image} alt="" width={40} height={40} loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(true)} className="size-10 shrink-0 rounded-md border border-slate-200 bg-slate-100 object-cover" />
  }
  const letter = withoutScheme(link.targetUrl).replace(/^www\./, '').charAt(0).toUpperCase() || '?'
  return (
    <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-md bg-brand-50 text-sm font-semibold text-brand-700">
      {letter}
    </span>
  )
}

const TREND_WIDTH = 64
const TREND_HEIGHT = 18

/** The link's clicks over the last 14 days as a small line, with the same in words for screen readers. */
function ClickTrend({ values }: { values: number[] }) {
  if (values.length < 2) return null
  const top = Math.max(1, ...values)
  const step = TREND_WIDTH / (values.length - 1)
  const points = values.map((value, i) => `${(i * step).toFixed(1)},${(TREND_HEIGHT - 1 - (value / top) * (TREND_HEIGHT - 2)).toFixed(1)}`).join(' ')
  const total = values.reduce((sum, value) => sum + value, 0)
  return (
    <span className="inline-flex" data-testid="link-trend" data-total={total}>
      <svg width={TREND_WIDTH} height={TREND_HEIGHT} viewBox={`0 0 ${TREND_WIDTH} ${TREND_HEIGHT}`} aria-hidden="true" className="overflow-visible">
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" className={total > 0 ? 'text-brand-500' : 'text-slate-300'} />
      </svg>
      <span className="sr-only">{`${formatCount(total)} clicks in the last ${values.length} days`}</span>
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
        className="min-w-0 font-mono text-[13px] break-all text-brand-700 hover:underline"
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

/** A link's actions as icon buttons; the ones used less often (and, in a compact row, Delete) in its More menu. */
function ActionButtons({ link, onShowQr, onEdit, onDuplicate, onToggleActive, onDelete, onCheck, compact }: LinkActions & { link: LinkWithCounts; compact?: boolean }) {
  // A viewer looks: changing the link is not theirs to do.
  const mayChange = useCan('links:write')
  return (
    <div className="flex items-center justify-end gap-0.5">
      <Button asChild variant="ghost" size="icon" className="size-8">
        <RouterLink href={analyticsPath(link.id)} aria-label="Analytics" title="Analytics">
          <BarChart3 aria-hidden="true" />
        </RouterLink>
      </Button>
      <Button variant="ghost" size="icon" className="size-8" onClick={() => onShowQr(link)} aria-label="QR Code" title="QR Code">
        <QrCode aria-hidden="true" />
      </Button>
      {mayChange && (
        <>
          <Button variant="ghost" size="icon" className="size-8" onClick={() => onEdit(link)} aria-label="Edit" title="Edit">
            <Pencil aria-hidden="true" />
          </Button>
          <ActionMenu
            trigger={
              <Button variant="ghost" size="icon" className="size-8" aria-label={`More actions for ${link.title}`} title="More actions">
                <Ellipsis aria-hidden="true" />
              </Button>
            }
          >
            <MenuItem onSelect={() => onDuplicate(link)}>
              <CopyPlus aria-hidden="true" />
              Duplicate
            </MenuItem>
            <MenuItem onSelect={() => onCheck(link)}>
              <RefreshCw aria-hidden="true" />
              Check now
            </MenuItem>
            <MenuItem onSelect={() => onToggleActive(link)}>
              {link.isActive ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
              {link.isActive ? 'Deactivate' : 'Activate'}
            </MenuItem>
            {compact && (
              <MenuItem onSelect={() => onDelete(link)} danger>
                <Trash2 aria-hidden="true" />
                Delete
              </MenuItem>
            )}
          </ActionMenu>
          {!compact && (
            <Button variant="ghost" size="icon" className="size-8 text-red-600 hover:bg-red-50 hover:text-red-700" onClick={() => onDelete(link)} aria-label="Delete" title="Delete">
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </>
      )}
    </div>
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
              <TableCell className="max-w-72 min-w-56">
                <div className="flex min-w-0 items-start gap-3">
                  <LinkThumb link={link} />
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900" title={link.title}>
                      {link.title}
                    </p>
                    <TargetUrl url={link.targetUrl} className="text-[13px]" />
                    <LinkFacts link={link} className="mt-1" />
                    <LinkTags names={link.tags} className="mt-1" />
                  </div>
                </div>
              </TableCell>
              <TableCell className="max-w-80 min-w-64">
                <ShortUrls link={link} domain={domain} />
              </TableCell>
              <TableCell className="text-right">
                <span className="grid justify-items-end gap-1">
                  <span className="tabular-nums" data-testid="link-clicks">
                    {formatCount(link.clicks)}
                  </span>
                  <ClickTrend values={link.trend} />
                </span>
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

/** Compact rows below extra-large screens: what people copy and count in view, the rest in the row's menu. */
function LinkCards({ links, period, domain, selected, onSelect, ...actions }: LinkListProps) {
  const span = TIME_FILTER_SHORT[period]
  return (
    <ul className="grid gap-2 md:grid-cols-2" data-testid="link-cards">
      {links.map((link) => (
        <li key={link.id}>
          <Card className={cn('grid h-full content-start gap-2 p-3', selected.has(link.id) && 'ring-2 ring-brand-500/40')} data-testid="link-card">
            <div className="flex items-start gap-2.5">
              <span className="mt-3 flex">
                <SelectBox label={`Select ${link.title}`} checked={selected.has(link.id)} onChange={(picked) => onSelect([link.id], picked)} />
              </span>
              <LinkThumb link={link} />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="min-w-0 truncate font-medium text-slate-900" title={link.title}>
                    {link.title}
                  </h3>
                  <StatusBadge link={link} />
                </div>
                <TargetUrl url={link.targetUrl} className="text-[13px]" />
              </div>
            </div>
            <ShortUrls link={link} domain={domain} />
            <LinkFacts link={link} />
            <LinkTags names={link.tags} />
            <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-2">
              <p className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
                <span>
                  <span className="text-sm font-medium text-slate-900 tabular-nums" data-testid="link-clicks">
                    {formatCount(link.clicks)}
                  </span>{' '}
                  clicks
                </span>
                <span>
                  <span className="text-sm font-medium text-slate-900 tabular-nums" data-testid="link-previews">
                    {formatCount(link.previews)}
                  </span>{' '}
                  previews
                </span>
                <span>({span})</span>
                <ClickTrend values={link.trend} />
              </p>
              <ActionButtons link={link} {...actions} compact />
            </div>
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
