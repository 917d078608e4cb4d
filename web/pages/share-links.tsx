import { Plus } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { Page } from '../components/page'
import { Button } from '../components/ui/button'
import type { Link } from '../features/links/api'
import { CreatedLinkDialog } from '../features/links/created-link-dialog'
import { ExportMenu } from '../features/links/export-menu'
import { ImportDialog } from '../features/links/import-dialog'
import { LinkFormDialog } from '../features/links/link-form-dialog'
import { LinkManager } from '../features/links/link-manager'
import { TagsDialog } from '../features/links/tags-dialog'
import { useCan } from '../lib/session'

/** Opened as /share-links?new=1 (the dashboard's first-link button), the create modal opens at once. */
export function ShareLinksPage() {
  const [, navigate] = useLocation()
  const wantsNew = new URLSearchParams(useSearch()).has('new')
  const [isCreating, setIsCreating] = useState(wantsNew)
  // A link whose fields the new one starts from (Duplicate), and the link just made.
  const [template, setTemplate] = useState<Link>()
  const [created, setCreated] = useState<Link | null>(null)
  const mayChange = useCan('links:write')
  // The button the create form was opened from, where the keyboard goes back once the new link is shown.
  const opener = useRef<HTMLElement | null>(null)
  const createButton = useRef<HTMLButtonElement>(null)
  const create = (from?: Link) => {
    opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
    setTemplate(from)
    setIsCreating(true)
  }
  useEffect(() => {
    if (wantsNew) navigate('/share-links', { replace: true })
  }, [wantsNew, navigate])

  return (
    <Page
      title="Share Links"
      description="Create and manage your short links and how they look when shared."
      actions={
        <div className="flex flex-wrap gap-2">
          {mayChange && <TagsDialog />}
          {mayChange && <ImportDialog />}
          <ExportMenu />
          {mayChange && (
            <Button ref={createButton} onClick={() => create()}>
              <Plus aria-hidden="true" />
              Create Link
            </Button>
          )}
        </div>
      }
    >
      <LinkManager onCreate={create} />
      <LinkFormDialog open={isCreating} onOpenChange={setIsCreating} template={template} onCreated={setCreated} />
      <CreatedLinkDialog
        link={created}
        onOpenChange={(open) => !open && setCreated(null)}
        returnFocusTo={() => (opener.current?.isConnected ? opener.current : createButton.current)}
      />
    </Page>
  )
}
