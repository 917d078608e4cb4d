import { Eye, EyeOff, KeyRound } from 'lucide-react'
import { useState } from 'react'
import { API_KEY_PREFIX } from '../../../src/shared/api-keys'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { CopyButton } from '../../components/ui/copy-button'
import { EmptyState } from '../../components/ui/empty-state'
import { LoadingState } from '../../components/ui/spinner'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { errorMessage } from '../../lib/api'
import { relativeTime } from '../../lib/relative-time'
import { toast } from '../../lib/toast'
import { revokeApiKey, useApiKeys, type ApiKey } from './api'

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })

/** The key column: masked by default; revealing shows what is stored, which is all there is to show. */
function MaskedKey({ apiKey }: { apiKey: ApiKey }) {
  const [isRevealed, setIsRevealed] = useState(false)
  const last4 = apiKey.maskedKey.slice(-4)
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-1">
        <code className="rounded bg-slate-100 px-2 py-1 font-mono text-[13px] whitespace-nowrap text-slate-800">
          {isRevealed ? `${API_KEY_PREFIX}${'•'.repeat(12)}${last4}` : apiKey.maskedKey}
        </code>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={isRevealed ? `Hide key ${apiKey.name}` : `Reveal key ${apiKey.name}`}
          aria-pressed={isRevealed}
          onClick={() => setIsRevealed(!isRevealed)}
        >
          {isRevealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </Button>
        <CopyButton value={apiKey.maskedKey} size="icon" variant="ghost" className="size-8" label={`Copy masked key ${apiKey.name}`} copiedLabel="Copied" />
      </div>
      {isRevealed && (
        <p className="max-w-64 text-xs leading-snug text-slate-500">
          Only the start and the last 4 characters are stored. The full key was shown once, when it was created; if it is lost, create a new key.
        </p>
      )}
    </div>
  )
}

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

export function ApiKeyTable() {
  const { data: keys, error, isLoading } = useApiKeys()
  if (error) return <Alert variant="destructive">Failed to fetch API keys</Alert>
  if (isLoading || !keys) return <LoadingState label="Loading API keys..." />
  if (keys.length === 0)
    return <EmptyState icon={KeyRound} title="No API keys yet" description="Create a key with the button above to call the public API from your code." />
  const now = new Date()
  return (
    <Card className="overflow-hidden">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Name</TableHead>
            <TableHead>Key</TableHead>
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
              <TableCell className="whitespace-nowrap">
                {key.lastUsed ? <time dateTime={key.lastUsed} title={new Date(key.lastUsed).toLocaleString()}>{relativeTime(key.lastUsed, now)}</time> : 'Never'}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <time dateTime={key.createdAt}>{formatDate(key.createdAt)}</time>
              </TableCell>
              <TableCell className="text-right">{key.revokedAt ? <Badge variant="secondary">Revoked</Badge> : <RevokeButton apiKey={key} />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  )
}
