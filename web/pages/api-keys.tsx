import { useState } from 'react'
import { Page } from '../components/page'
import { RoleNotice } from '../components/role-notice'
import { useCan } from '../lib/session'
import { ApiKeyList } from '../features/api-keys/api-key-list'
import type { CreatedApiKey } from '../features/api-keys/api'
import { CreateKeyDialog } from '../features/api-keys/create-key-dialog'
import { NewKeyDialog } from '../features/api-keys/new-key-dialog'
import { UsageGuidelines } from '../features/api-keys/usage-guidelines'

export function ApiKeysPage() {
  const [created, setCreated] = useState<CreatedApiKey | null>(null)
  const canManage = useCan('integrations:manage')
  if (!canManage)
    return (
      <Page title="API Keys" description="Keys that authenticate your calls to the public API.">
        <RoleNotice permission="integrations:manage" title="API keys are managed by the account's owners and admins" />
      </Page>
    )
  return (
    <Page title="API Keys" description="Keys that authenticate your calls to the public API." actions={<CreateKeyDialog onCreated={setCreated} />}>
      <div className="grid gap-6">
        <ApiKeyList />
        <UsageGuidelines />
      </div>
      <NewKeyDialog created={created} onDone={() => setCreated(null)} />
    </Page>
  )
}
