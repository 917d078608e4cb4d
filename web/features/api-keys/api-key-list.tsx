import { API_KEY_SCOPE_NAMES, API_KEY_SCOPES } from '../../../src/shared/api-keys'
import { KeyRound } from 'lucide-react'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { LoadingState } from '../../components/ui/spinner'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { errorMessage } from '../../lib/api'
import { formatDate, formatDateTime } from '../../lib/dates'
import { relativeTime } from '../../lib/relative-time'
import { toast } from '../../lib/toast'
import { useMediaQuery } from '../../lib/use-media-query'
import { revokeApiKey, useApiKeys, type ApiKey } from './api'

/** The keys: a table on large screens, cards below, so status and Revoke are always on screen. */
export function ApiKeyList() {
  const { data: keys, error, isLoading } = useApiKeys()
  const isWide = useMediaQuery('(min-width: 64rem)')
  if (error) return <Alert variant="destructive">Failed to fetch API keys</Alert>
  if (isLoading || !keys) return <LoadingState label="Loading API keys..." />
  if (keys.length === 0)
    return <EmptyState icon={KeyRound} title="No API keys yet" description="Create a key with the button above to call the public API from your code." />
  return isWide ? <ApiKeyTable keys={keys} /> : <ApiKeyCards keys={keys} />
}

function StatusBadge({ apiKey }: { apiKey: ApiKey }) {
  return apiKey.revokedAt ? (
    <Badge variant="secondary" data-testid="api-key-status">
      Revoked
    </Badge>
  ) : (
    <Badge variant="success" data-testid="api-key-status">
      Active
    </Badge>
  )
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

function ApiKeyTable({ keys }: { keys: ApiKey[] }) {
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
                <StatusBadge apiKey={key} />
                {key.revokedAt && (
                  <p className="mt-1 text-xs text-slate-500">
                    <LocalDate iso={key.revokedAt} />
                  </p>
                )}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <LastUsed apiKey={key} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <LocalDate iso={key.createdAt} />
              </TableCell>
              <TableCell className="text-right">{!key.revokedAt && <RevokeButton apiKey={key} />}</TableCell>
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

function ApiKeyCards({ keys }: { keys: ApiKey[] }) {
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
              <StatusBadge apiKey={key} />
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
              {key.revokedAt && (
                <>
                  <dt className="text-slate-500">Revoked</dt>
                  <dd className="text-slate-900">
                    <LocalDate iso={key.revokedAt} />
                  </dd>
                </>
              )}
            </dl>
            {!key.revokedAt && (
              <div>
                <RevokeButton apiKey={key} />
              </div>
            )}
          </Card>
        </li>
      ))}
    </ul>
  )
}
