import { Plus } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { Page } from '../components/page'
import { Button } from '../components/ui/button'
import { LinkFormDialog } from '../features/links/link-form-dialog'
import { LinkManager } from '../features/links/link-manager'

/** Opened as /share-links?new=1 (the dashboard's first-link button), the create modal opens at once. */
export function ShareLinksPage() {
  const [, navigate] = useLocation()
  const wantsNew = new URLSearchParams(useSearch()).has('new')
  const [isCreating, setIsCreating] = useState(wantsNew)
  useEffect(() => {
    if (wantsNew) navigate('/share-links', { replace: true })
  }, [wantsNew, navigate])

  return (
    <Page
      title="Share Links"
      description="Create and manage your short links and how they look when shared."
      actions={
        <Button onClick={() => setIsCreating(true)}>
          <Plus aria-hidden="true" />
          Create Link
        </Button>
      }
    >
      <LinkManager onCreate={() => setIsCreating(true)} />
      <LinkFormDialog open={isCreating} onOpenChange={setIsCreating} />
    </Page>
  )
}
