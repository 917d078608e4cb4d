import { useState, type FormEvent, type ReactNode } from 'react'
import { URL_MAX } from '../../../src/shared/link-rules'
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENT_NAMES, WEBHOOK_EVENTS, WEBHOOK_MESSAGES, webhookUrlProblem, type WebhookEvent } from '../../../src/shared/webhooks'
import { Button } from '../../components/ui/button'
import { CheckboxGroup } from '../../components/ui/checkbox-group'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { errorMessage, fieldErrorsOf } from '../../lib/api'
import { toast } from '../../lib/toast'
import { createEndpoint, updateEndpoint, type WebhookEndpoint } from './api'

type EndpointDialogProps = {
  /** The endpoint to change; without one the dialog adds one. */
  endpoint?: WebhookEndpoint
  trigger: ReactNode
  onCreated?: (created: WebhookEndpoint & { secret: string }) => void
}

type EndpointValues = { url: string; description: string; events: WebhookEvent[] }

/** The endpoint dialog's state: opened afresh from the endpoint, checked with the shared messages, then saved. */
function useEndpointForm({ endpoint, onCreated }: Pick<EndpointDialogProps, 'endpoint' | 'onCreated'>) {
  const [isOpen, setIsOpen] = useState(false)
  const [values, setValues] = useState<EndpointValues>({ url: '', description: '', events: [] })
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({})
  const [isSaving, setIsSaving] = useState(false)
  const set =
    <F extends keyof EndpointValues>(field: F) =>
    (value: EndpointValues[F]) =>
      setValues((current) => ({ ...current, [field]: value }))

  function openChange(next: boolean) {
    if (isSaving) return
    setIsOpen(next)
    if (next) {
      setValues({ url: endpoint?.url ?? '', description: endpoint?.description ?? '', events: endpoint?.events ?? ['link.created', 'link.updated', 'link.deleted'] })
      setErrors({})
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const { url, description, events } = values
    const found = { url: webhookUrlProblem(url), events: events.length > 0 ? undefined : WEBHOOK_MESSAGES.events }
    setErrors(found)
    if (found.url || found.events) return
    setIsSaving(true)
    try {
      const input = { url: url.trim(), events, description: description.trim() || null }
      if (endpoint) {
        await updateEndpoint(endpoint.id, input)
        toast({ title: 'Endpoint saved' })
      } else onCreated?.(await createEndpoint(input))
      setIsSaving(false)
      setIsOpen(false)
    } catch (failure) {
      setIsSaving(false)
      const [field] = fieldErrorsOf(failure)
      if (field?.field === 'url' || field?.field === 'events') setErrors({ [field.field]: field.message })
      else toast({ title: 'Failed to save the endpoint', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    }
  }

  return { isOpen, openChange, values, set, errors, isSaving, submit }
}

/** Adds or changes an endpoint: its address, what it is for, and the events it wants. */
export function EndpointDialog({ endpoint, trigger, onCreated }: EndpointDialogProps) {
  const { isOpen, openChange, values, set, errors, isSaving, submit } = useEndpointForm({ endpoint, onCreated })

  return (
    <Dialog open={isOpen} onOpenChange={openChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>{endpoint ? 'Edit Endpoint' : 'Add Endpoint'}</DialogTitle>
            <DialogDescription>Linkcard sends each event as a signed JSON POST to this address, and retries failures for about a day.</DialogDescription>
          </DialogHeader>
          <FormField label="Endpoint URL" error={errors.url}>
            <Input value={values.url} onChange={(e) => set('url')(e.target.value)} type="url" inputMode="url" maxLength={URL_MAX} placeholder="https://example.com/webhooks/linkcard" autoFocus />
          </FormField>
          <FormField label="Description (optional)">
            <Input value={values.description} onChange={(e) => set('description')(e.target.value)} maxLength={WEBHOOK_DESCRIPTION_MAX} placeholder="What receives these events" />
          </FormField>
          <CheckboxGroup
            legend="Events"
            options={WEBHOOK_EVENTS.map((value) => ({ value, description: WEBHOOK_EVENT_NAMES[value] }))}
            value={values.events}
            onChange={set('events')}
            error={errors.events}
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => openChange(false)} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" isLoading={isSaving}>
              {endpoint ? 'Save Endpoint' : 'Add Endpoint'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
