import { Plus } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { API_KEY_DESCRIPTION_MAX, API_KEY_MESSAGES, API_KEY_NAME_MAX, API_KEY_SCOPE_NAMES, API_KEY_SCOPES, type ApiKeyScope } from '../../../src/shared/api-keys'
import { Button } from '../../components/ui/button'
import { CheckboxGroup } from '../../components/ui/checkbox-group'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Input, Textarea } from '../../components/ui/input'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { createApiKey, type CreatedApiKey } from './api'

type KeyValues = { name: string; description: string; scopes: ApiKeyScope[] }
const empty = (): KeyValues => ({ name: '', description: '', scopes: [...API_KEY_SCOPES] })

/** The create dialog's state: checked with the shared messages, emptied when it closes. */
function useCreateKeyForm(onCreated: (key: CreatedApiKey) => void) {
  const [isOpen, setIsOpen] = useState(false)
  const [values, setValues] = useState<KeyValues>(empty)
  const [errors, setErrors] = useState<{ name: string | null; scopes: string | null }>({ name: null, scopes: null })
  const [isSubmitting, setIsSubmitting] = useState(false)
  const set =
    <F extends keyof KeyValues>(field: F) =>
    (value: KeyValues[F]) =>
      setValues((current) => ({ ...current, [field]: value }))

  function openChange(next: boolean) {
    if (isSubmitting) return
    setIsOpen(next)
    if (!next) {
      setValues(empty())
      setErrors({ name: null, scopes: null })
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const { name, description, scopes } = values
    setErrors({ name: name.trim() ? null : API_KEY_MESSAGES.nameRequired, scopes: scopes.length > 0 ? null : API_KEY_MESSAGES.scopesRequired })
    if (!name.trim() || scopes.length === 0) return
    setIsSubmitting(true)
    try {
      const created = await createApiKey({ name: name.trim(), description: description.trim() || null, scopes })
      setIsSubmitting(false)
      openChange(false)
      onCreated(created)
    } catch (failure) {
      setIsSubmitting(false)
      toast({ title: 'Failed to create API key', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    }
  }

  return { isOpen, openChange, values, set, errors, isSubmitting, submit }
}

/** The create dialog: a name, an optional description, and what the key may do (everything to begin with). */
export function CreateKeyDialog({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const { isOpen, openChange, values, set, errors, isSubmitting, submit } = useCreateKeyForm(onCreated)

  return (
    <Dialog open={isOpen} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Create API Key
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>Create API Key</DialogTitle>
            <DialogDescription>Name the key after the place that will use it, so you know which one to revoke later.</DialogDescription>
          </DialogHeader>
          <FormField label="Name" error={errors.name}>
            <Input value={values.name} maxLength={API_KEY_NAME_MAX} placeholder="Production server" autoFocus onChange={(e) => set('name')(e.target.value)} />
          </FormField>
          <FormField label="Description (optional)">
            <Textarea
              value={values.description}
              maxLength={API_KEY_DESCRIPTION_MAX}
              placeholder="What uses this key and who looks after it"
              onChange={(e) => set('description')(e.target.value)}
            />
          </FormField>
          <CheckboxGroup
            legend="What the key may do"
            options={API_KEY_SCOPES.map((value) => ({ value, description: API_KEY_SCOPE_NAMES[value] }))}
            value={values.scopes}
            onChange={set('scopes')}
            error={errors.scopes}
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => openChange(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" isLoading={isSubmitting}>
              Create Key
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
