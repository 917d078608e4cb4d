import { useState, type FormEvent } from 'react'
import type { User } from '../../../src/modules/auth/schema'
import { ACCOUNT_NAME_MAX, accountNameError } from '../../../src/shared/members'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { errorMessage, fieldErrorsOf } from '../../lib/api'
import { toast } from '../../lib/toast'
import { renameWorkspace } from './api'

/** The workspace's name, which its members and the people invited to it see; owners and admins change it. */
export function WorkspaceCard({ user }: { user: User }) {
  const [name, setName] = useState(user.accountName)
  const [error, setError] = useState<string>()
  const [isSaving, setIsSaving] = useState(false)
  const isUnchanged = name.trim() === user.accountName

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = accountNameError(name)
    if (problem) return setError(problem)
    setIsSaving(true)
    try {
      await renameWorkspace(name.trim())
      toast({ title: 'Workspace renamed', description: name.trim() })
    } catch (failure) {
      setError(fieldErrorsOf(failure)[0]?.message)
      toast({ title: 'Failed to rename the workspace', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <Card>
      <form onSubmit={submit} aria-label="Workspace" noValidate>
        <CardHeader>
          <CardTitle>Workspace</CardTitle>
          <CardDescription>What your team, and the people you invite, see this workspace called.</CardDescription>
        </CardHeader>
        <CardContent>
          <FormField label="Workspace name" error={error}>
            <Input
              name="accountName"
              value={name}
              onChange={(event) => {
                setName(event.target.value)
                setError(undefined)
              }}
              maxLength={ACCOUNT_NAME_MAX}
              autoComplete="organization"
            />
          </FormField>
        </CardContent>
        <CardFooter>
          <Button type="submit" isLoading={isSaving} disabled={isUnchanged}>
            Save Name
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}
