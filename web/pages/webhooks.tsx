import { Plus, Webhook } from 'lucide-react'
import { useState } from 'react'
import { Page } from '../components/page'
import { RoleNotice } from '../components/role-notice'
import { useCan } from '../lib/session'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { Card, CardContent } from '../components/ui/card'
import { CodeBlock } from '../components/ui/code-block'
import { CopyButton } from '../components/ui/copy-button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog'
import { EmptyState } from '../components/ui/empty-state'
import { LoadingState } from '../components/ui/spinner'
import { WEBHOOK_ENDPOINTS_MAX } from '../../src/shared/webhooks'
import { useWebhookEndpoints, type WebhookEndpoint } from '../features/webhooks/api'
import { EndpointCard } from '../features/webhooks/endpoint-card'
import { EndpointDialog } from '../features/webhooks/endpoint-dialog'

const VERIFY_SAMPLE = `import { Webhook } from 'standardwebhooks'

// The raw body and the webhook-id, webhook-timestamp and webhook-signature headers
const event = new Webhook(process.env.LINKCARD_WEBHOOK_SECRET!).verify(rawBody, headers)`

export function WebhooksPage() {
  const canManage = useCan('integrations:manage')
  if (!canManage)
    return (
      <Page title="Webhooks" description="Tell your systems when links change, are clicked or previewed, or the quota is reached.">
        <RoleNotice permission="integrations:manage" title="Webhooks are managed by the account's owners and admins" />
      </Page>
    )
  return <ManagedWebhooks />
}

/** The account's endpoints, for someone whose role may manage them. */
function ManagedWebhooks() {
  const { data: endpoints, error, isLoading } = useWebhookEndpoints()
  const [created, setCreated] = useState<(WebhookEndpoint & { secret: string }) | null>(null)
  const add = (label = 'Add Endpoint') => (
    <EndpointDialog
      onCreated={setCreated}
      trigger={
        <Button disabled={(endpoints?.length ?? 0) >= WEBHOOK_ENDPOINTS_MAX}>
          <Plus aria-hidden="true" />
          {label}
        </Button>
      }
    />
  )
  return (
    <Page title="Webhooks" description="Tell your systems when links change, are clicked or previewed, or the quota is reached." actions={endpoints && endpoints.length > 0 ? add() : undefined}>
      <div className="grid gap-6">
        {error && !endpoints && <Alert variant="destructive">The webhook endpoints could not be loaded.</Alert>}
        {isLoading && !endpoints && <LoadingState />}
        {endpoints?.length === 0 && (
          <EmptyState icon={Webhook} title="No webhook endpoints yet" description="Add an endpoint to receive signed events as they happen." action={add()} />
        )}
        {endpoints?.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} />
        ))}
        <Card>
          <CardContent className="grid gap-3 text-sm leading-relaxed text-slate-700">
            <p>
              Each event is a JSON POST signed per{' '}
              <a href="https://www.standardwebhooks.com/" className="font-medium text-brand-600 underline-offset-4 hover:underline">
                Standard Webhooks
              </a>
              : check it with the endpoint's secret and any of its libraries. A failed delivery is tried again after 5 seconds, 5 minutes, 30 minutes, 2, 5 and 10
              hours and 10 hours more; the same <code className="font-mono text-[13px]">webhook-id</code> marks every attempt.
            </p>
            <CodeBlock title="TypeScript" code={VERIFY_SAMPLE} />
          </CardContent>
        </Card>
      </div>
      <Dialog open={created !== null} onOpenChange={(open) => !open && setCreated(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Endpoint Added</DialogTitle>
            <DialogDescription>Check each message with this signing secret. You can reveal it again on this page.</DialogDescription>
          </DialogHeader>
          {created && (
            <div className="flex min-w-0 items-center gap-2">
              <code className="min-w-0 flex-1 truncate rounded bg-slate-100 px-2 py-1.5 text-xs text-slate-800" data-testid="new-webhook-secret">
                {created.secret}
              </code>
              <CopyButton value={created.secret} label="Copy secret" />
            </div>
          )}
          <DialogFooter>
            <Button onClick={() => setCreated(null)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Page>
  )
}
