import { API_KEY_SCOPE_NAMES, API_KEY_SCOPES } from '../../../src/shared/api-keys'
import { Ellipsis, FlaskConical, KeyRound, RefreshCw } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { ActionMenu, MenuItem } from '../../components/ui/menu'
import { LoadingState } from '../../components/ui/spinner'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { errorMessage } from '../../lib/api'
import { formatDate, formatDateTime } from '../../lib/dates'
import { relativeTime } from '../../lib/relative-time'
import { toast } from '../../lib/toast'
import { useMediaQuery } from '../../lib/use-media-query'
import { revokeApiKey, useApiKeys, type ApiKey, type CreatedApiKey } from './api'
import { expiresIn, keyStatus, keyWorks } from './key-status'
import { docsTesterPath } from './new-key-dialog'
import { RollKeyDialog } from './roll-key-dialog'

/** Now, drawn again every half minute while a rolled key counts down to its end. */
function useNow(isTicking: boolean) {
  const [, setTicks] = useState(0)
  useEffect(() => {
    if (!isTicking) return
    const timer = setInterval(() => setTicks((ticks) => ticks + 1), 30_000)
    return () => clearInterval(timer)
  }, [isTicking])
  return Date.now()
}

type RowActions = {
  now: number
  onRoll: (key: ApiKey) => void
  /** Keeps each row's menu button, so focus can go back to it when a dialog closes. */
  menuButtonRef: (id: string) => (button: HTMLButtonElement | null) => void
}

/** The keys: a table on large screens, cards below, so status and the actions are always on screen. */
export function ApiKeyList() {
  const { data: keys, error, isLoading } = useApiKeys()
  const isWide = useMediaQuery('(min-width: 64rem)')
  const now = useNow(keys?.some((key) => keyStatus(key) === 'ending') ?? false)
  const [rolling, setRolling] = useState<ApiKey | null>(null)
  const menuButtons = useRef(new Map<string, HTMLButtonElement>())
  // The key whose menu button takes focus when the roll dialog closes: the new one once rolled.
  const focusAfterRoll = useRef<string | null>(null)
  if (error) return <Alert variant="destructive">Failed to fetch API keys</Alert>
  if (isLoading || !keys) return <LoadingState label="Loading API keys..." />
  if (keys.length === 0)
    return <EmptyState icon={KeyRound} title="No API keys yet" description="Create a key with the button above to call the public API from your code." />
  const actions: RowActions = {
    now,
    onRoll: setRolling,
    menuButtonRef: (id) => (button) => {
      if (button) menuButtons.current.set(id, button)
      else menuButtons.current.delete(id)
    },
  }
  return (
    <>
      {isWide ? <ApiKeyTable keys={keys} {...actions} /> : <ApiKeyCards keys={keys} {...actions} />}
      <RollKeyDialog
        apiKey={rolling}
        onClose={(rolled: CreatedApiKey | null) => {
          focusAfterRoll.current = rolled?.id ?? rolling?.id ?? null
          setRolling(null)
        }}
        onCloseAutoFocus={(event) => {
          const button = focusAfterRoll.current && menuButtons.current.get(focusAfterRoll.current)
          if (!button) return
          event.preventDefault()
          button.focus()
        }}
      />
    </>
  )
}

function StatusBadge({ apiKey, now }: { apiKey: ApiKey; now: number }) {
  const status = keyStatus(apiKey, now)
  if (status === 'ending')
    return (
      <Badge variant="warning" data-testid="api-key-status" title={`Rolled: works until ${formatDateTime(apiKey.expiresAt!)}`}>
        {expiresIn(apiKey.expiresAt!, now)}
      </Badge>
    )
  return (
    <Badge variant={status === 'active' ? 'success' : 'secondary'} data-testid="api-key-status">
      {status === 'active' ? 'Active' : ENDED[status]}
    </Badge>
  )
}

const ENDED = { rolled: 'Rolled', revoked: 'Revoked' } as const

/** When a key stopped working: revoked, or rolled and past its grace period. */
const endedAt = (key: ApiKey, now: number) => {
  const status = keyStatus(key, now)
  return status === 'revoked' ? key.revokedAt : status === 'rolled' ? key.expiresAt : null
}

/** Only the prefix and the last 4 characters are stored: enough to tell keys apart, useless to call with. */
function MaskedKey({ apiKey }: { apiKey: ApiKey }) {
  return <code className="rounded bg-slate-100 px-2 py-1 font-mono text-[13px] whitespace-nowrap text-slate-800">{apiKey.maskedKey}</code>
}

function LastUsed({ apiKey }: { apiKey: ApiKey }) {
  if (!apiKey.lastUsed) return 'Never'
  return (
    <time dateTime={apiKey.lastUsed} title={formatDateTime(apiKey.lastUsed)}>
      {relativeTime(apiKey.lastUsed)}
    </time>
  )
}

const LocalDate = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDate(iso)}</time>

function RevokeButton({ apiKey }: { apiKey: ApiKey }) {
  async function revoke() {
    try {
      await revokeApiKey(apiKey.id)
      toast({ title: 'API key revoked', description: `${apiKey.name} no longer works.` })
    } catch (failure) {
      toast({ title: 'Failed to revoke API key', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
      throw failure
    }
  }
  return (
    <ConfirmDialog
      title="Revoke API key?"
      description={`Calls made with "${apiKey.name}" (${apiKey.maskedKey}) will be refused at once. This cannot be undone.`}
      confirmLabel="Revoke"
      destructive
      onConfirm={revoke}
      trigger={
        <Button variant="outline" size="sm" className="text-red-700 hover:bg-red-50" aria-label={`Revoke ${apiKey.name}`}>
          Revoke
        </Button>
      }
    />
  )
}

/** The less frequent actions of a working key: roll it (once), or try it in the docs. */
function KeyMenu({ apiKey, now, onRoll, menuButtonRef, withLabel }: RowActions & { apiKey: ApiKey; withLabel?: boolean }) {
  const [, navigate] = useLocation()
  return (
    <ActionMenu
      trigger={
        <Button
          ref={menuButtonRef(apiKey.id)}
          variant="ghost"
          size={withLabel ? 'sm' : 'icon'}
          className={withLabel ? undefined : 'size-8'}
          aria-label={`More actions for ${apiKey.name}`}
          title="More actions"
        >
          <Ellipsis aria-hidden="true" />
          {withLabel && 'More'}
        </Button>
      }
    >
      {keyStatus(apiKey, now) === 'active' && (
        <MenuItem onSelect={() => onRoll(apiKey)}>
          <RefreshCw aria-hidden="true" />
          Roll key…
        </MenuItem>
      )}
      <MenuItem onSelect={() => navigate(docsTesterPath(apiKey.id))}>
        <FlaskConical aria-hidden="true" />
        Try it in the docs
      </MenuItem>
    </ActionMenu>
  )
}

function KeyActions({ apiKey, withLabel, ...actions }: RowActions & { apiKey: ApiKey; withLabel?: boolean }) {
  if (!keyWorks(apiKey, actions.now)) return null
  return (
    <div className="flex items-center gap-1 lg:justify-end">
      <RevokeButton apiKey={apiKey} />
      <KeyMenu apiKey={apiKey} withLabel={withLabel} {...actions} />
    </div>
  )
}

function ApiKeyTable({ keys, ...actions }: RowActions & { keys: ApiKey[] }) {
  return (
    <Card className="overflow-hidden">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Name</TableHead>
            <TableHead>Key</TableHead>
            <TableHead>Scopes</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Last Used</TableHead>
            <TableHead>Created</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.id} data-testid="api-key-row">
              <TableCell className="min-w-40">
                <p className="font-medium text-slate-900">{key.name}</p>
                {key.description && <p className="mt-0.5 max-w-64 text-xs text-slate-500">{key.description}</p>}
              </TableCell>
              <TableCell>
                <MaskedKey apiKey={key} />
              </TableCell>
              <TableCell>
                <Scopes apiKey={key} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <StatusBadge apiKey={key} now={actions.now} />
                <EndedOn apiKey={key} now={actions.now} />
                <ReplacedBy apiKey={key} keys={keys} className="mt-1 text-xs text-slate-500" />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <LastUsed apiKey={key} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <LocalDate iso={key.createdAt} />
              </TableCell>
              <TableCell className="text-right">
                <KeyActions apiKey={key} {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  )
}

/** What the key may do: "Full access", or its scopes. */
function Scopes({ apiKey }: { apiKey: ApiKey }) {
  if (API_KEY_SCOPES.every((scope) => apiKey.scopes.includes(scope))) return <span className="text-sm text-slate-700">Full access</span>
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Scopes">
      {apiKey.scopes.map((scope) => (
        <li key={scope}>
          <Badge variant="secondary" title={API_KEY_SCOPE_NAMES[scope]}>
            {scope}
          </Badge>
        </li>
      ))}
    </ul>
  )
}

/** The key that replaced a rolled one, so two keys of one name are told apart. */
function ReplacedBy({ apiKey, keys, className }: { apiKey: ApiKey; keys: ApiKey[]; className?: string }) {
  const replacement = apiKey.replacedBy && keys.find((key) => key.id === apiKey.replacedBy)
  if (!replacement) return null
  return <p className={className}>Replaced by {replacement.maskedKey}</p>
}

function EndedOn({ apiKey, now }: { apiKey: ApiKey; now: number }) {
  const ended = endedAt(apiKey, now)
  if (!ended) return null
  return (
    <p className="mt-1 text-xs text-slate-500">
      <LocalDate iso={ended} />
    </p>
  )
}

function ApiKeyCards({ keys, ...actions }: RowActions & { keys: ApiKey[] }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="API keys">
      {keys.map((key) => (
        <li key={key.id}>
          <Card className="grid h-full content-start gap-3 p-4" data-testid="api-key-card">
            <div className="flex items-start justify-between gap-3">
              <div className="grid min-w-0 gap-0.5">
                <h3 className="font-medium break-words text-slate-900">{key.name}</h3>
                {key.description && <p className="text-xs break-words text-slate-500">{key.description}</p>}
              </div>
              <StatusBadge apiKey={key} now={actions.now} />
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-slate-500">Key</dt>
              <dd>
                <MaskedKey apiKey={key} />
              </dd>
              <dt className="text-slate-500">Scopes</dt>
              <dd>
                <Scopes apiKey={key} />
              </dd>
              <dt className="text-slate-500">Last used</dt>
              <dd className="text-slate-900">
                <LastUsed apiKey={key} />
              </dd>
              <dt className="text-slate-500">Created</dt>
              <dd className="text-slate-900">
                <LocalDate iso={key.createdAt} />
              </dd>
              <CardEnd apiKey={key} now={actions.now} />
            </dl>
            <ReplacedBy apiKey={key} keys={keys} className="text-[13px] text-slate-500" />
            <KeyActions apiKey={key} withLabel {...actions} />
          </Card>
        </li>
      ))}
    </ul>
  )
}

/** A card's last line: when the key ended, or when a rolled one will. */
function CardEnd({ apiKey, now }: { apiKey: ApiKey; now: number }) {
  const status = keyStatus(apiKey, now)
  if (status === 'active') return null
  return (
    <>
      <dt className="text-slate-500">{status === 'ending' ? 'Works until' : ENDED[status]}</dt>
      <dd className="text-slate-900">{status === 'ending' ? formatDateTime(apiKey.expiresAt!) : <LocalDate iso={endedAt(apiKey, now)!} />}</dd>
    </>
  )
}
