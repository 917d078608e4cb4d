import { Eye, Pencil, Send, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Badge, type BadgeVariant } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { CopyButton } from '../../components/ui/copy-button'
import { Pagination } from '../../components/ui/pagination'
import { LoadingState } from '../../components/ui/spinner'
import { errorMessage } from '../../lib/api'
import { relativeTime } from '../../lib/relative-time'
import { toast } from '../../lib/toast'
import { deleteEndpoint, readSecret, redeliver, sendTestEvent, updateEndpoint, useDeliveries, type WebhookDelivery, type WebhookEndpoint } from './api'
import { EndpointDialog } from './endpoint-dialog'

const STATUS: Record<WebhookDelivery['status'], { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'warning' },
  delivered: { label: 'Delivered', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
}

const failed = (title: string) => (failure: unknown) => toast({ title, description: errorMessage(failure, '') || undefined, variant: 'destructive' })

/** The endpoint's signing secret, read when asked for. */
function Secret({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [secret, setSecret] = useState<string | null>(null)
  if (!secret)
    return (
      <Button variant="outline" size="sm" onClick={() => readSecret(endpoint.id).then(setSecret, failed('Failed to read the secret'))}>
        <Eye aria-hidden="true" />
        Reveal secret
      </Button>
    )
  return (
    <div className="flex w-full min-w-0 items-center gap-2 sm:w-auto">
      <code className="min-w-0 truncate rounded bg-slate-100 px-2 py-1 text-xs text-slate-800" data-testid="webhook-secret">
        {secret}
      </code>
      <CopyButton value={secret} label="Copy secret" />
    </div>
  )
}

function Delivery({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const [isSending, setIsSending] = useState(false)
  const status = STATUS[delivery.status]
  return (
    <li className="min-w-0 rounded-lg border border-slate-200" data-testid="webhook-delivery">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
          <Badge variant={status.variant}>{status.label}</Badge>
          <code className="text-[13px] text-slate-900">{delivery.event}</code>
          <span className="text-slate-500 tabular-nums">{delivery.lastStatus === null ? 'no answer' : `HTTP ${delivery.lastStatus}`}</span>
          {delivery.lastLatencyMs !== null && <span className="text-slate-500 tabular-nums">{delivery.lastLatencyMs} ms</span>}
          <span className="text-slate-500">
            {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
          </span>
          <span className="ml-auto text-slate-500">{relativeTime(delivery.createdAt)}</span>
        </summary>
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 border-t border-slate-200 px-3 py-3 text-sm">
          {delivery.lastError && <p className="text-red-700">{delivery.lastError}</p>}
          {delivery.nextAttemptAt && <p className="text-slate-600">Next attempt {relativeTime(delivery.nextAttemptAt)}.</p>}
          <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1">
            <span className="text-xs text-slate-500">
              <span className="font-medium uppercase">Body</span> · <code>{delivery.id}</code>
            </span>
            <pre
              // biome-ignore lint/a11y/noNoninteractiveTabindex: it may scroll, and what scrolls must take the keyboard's focus to be scrolled without a mouse
              tabIndex={0}
              className="max-h-64 min-w-0 overflow-auto rounded bg-slate-950 p-3 text-xs text-slate-100 focus-visible:outline-2 focus-visible:outline-brand-400">{JSON.stringify(JSON.parse(delivery.body), null, 2)}</pre>
          </div>
          {delivery.lastResponse !== null && (
            <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1">
              <span className="text-xs font-medium text-slate-500 uppercase">Response</span>
              <pre
                // biome-ignore lint/a11y/noNoninteractiveTabindex: it may scroll, and what scrolls must take the keyboard's focus to be scrolled without a mouse
                tabIndex={0}
                className="max-h-40 overflow-auto rounded bg-slate-100 p-3 text-xs break-all whitespace-pre-wrap text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600">{delivery.lastResponse || '(empty)'}</pre>
            </div>
          )}
          <div>
            <Button
              variant="outline"
              size="sm"
              isLoading={isSending}
              onClick={() => {
                setIsSending(true)
                redeliver(endpointId, delivery.id)
                  .then(() => toast({ title: 'Sent again', description: delivery.event }), failed('Failed to send again'))
                  .finally(() => setIsSending(false))
              }}
            >
              Redeliver
            </Button>
          </div>
        </div>
      </details>
    </li>
  )
}

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const [page, setPage] = useState(1)
  const { data, error, isLoading } = useDeliveries(endpointId, page)
  if (isLoading && !data) return <LoadingState label="Loading deliveries..." />
  if (error && !data) return <p className="text-sm text-red-600">The deliveries could not be loaded.</p>
  if (!data || data.total === 0) return <p className="text-sm text-slate-500">No deliveries yet. Send a test event to try the endpoint.</p>
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
      <ul className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2" aria-label="Deliveries">
        {data.deliveries.map((delivery) => (
          <Delivery key={delivery.id} endpointId={endpointId} delivery={delivery} />
        ))}
      </ul>
      {data.total > data.limit && <Pagination page={page} pageCount={Math.ceil(data.total / data.limit)} onPageChange={setPage} label="Delivery pages" />}
    </div>
  )
}

/** One endpoint: where it sends, what it wants, its secret, its actions, and its delivery log. */
export function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [isTesting, setIsTesting] = useState(false)
  return (
    <Card className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 p-4 sm:p-5" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1">
          <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
          {endpoint.description && <p className="text-sm text-slate-500">{endpoint.description}</p>}
          <ul className="flex flex-wrap gap-1" aria-label="Events">
            {endpoint.events.map((event) => (
              <li key={event}>
                <Badge variant="secondary">{event}</Badge>
              </li>
            ))}
          </ul>
        </div>
        <Badge variant={endpoint.isActive ? 'success' : 'outline'}>{endpoint.isActive ? 'Active' : 'Switched off'}</Badge>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          isLoading={isTesting}
          onClick={() => {
            setIsTesting(true)
            sendTestEvent(endpoint.id)
              .then(() => toast({ title: 'Test event sent', description: endpoint.url }), failed('Failed to send a test event'))
              .finally(() => setIsTesting(false))
          }}
        >
          <Send aria-hidden="true" />
          Send test event
        </Button>
        <EndpointDialog
          endpoint={endpoint}
          trigger={
            <Button variant="outline" size="sm">
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          }
        />
        <Button variant="outline" size="sm" onClick={() => updateEndpoint(endpoint.id, { isActive: !endpoint.isActive }).catch(failed('Failed to change the endpoint'))}>
          {endpoint.isActive ? 'Switch off' : 'Switch on'}
        </Button>
        <ConfirmDialog
          title="Delete this endpoint?"
          description={`Linkcard stops sending events to ${endpoint.url}, and its delivery log goes with it.`}
          confirmLabel="Delete Endpoint"
          destructive
          onConfirm={() => deleteEndpoint(endpoint.id).then(() => toast({ title: 'Endpoint deleted' }))}
          trigger={
            <Button variant="ghost" size="sm">
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          }
        />
        <Secret endpoint={endpoint} />
      </div>
      <section className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2" aria-label={`Deliveries to ${endpoint.url}`}>
        <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Deliveries</h3>
        <DeliveryLog endpointId={endpoint.id} />
      </section>
    </Card>
  )
}
