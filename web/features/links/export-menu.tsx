import { Download } from 'lucide-react'
import { useState } from 'react'
import type { LinkExportFormat } from '../../../src/shared/link-list'
import { Button } from '../../components/ui/button'
import { ActionMenu, MenuItem } from '../../components/ui/menu'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { downloadLinkExport } from './api'

/** Export on /share-links: every link with its clicks and previews, as a spreadsheet or as JSON. */
export function ExportMenu() {
  const [isExporting, setIsExporting] = useState(false)
  async function exportAs(format: LinkExportFormat) {
    setIsExporting(true)
    try {
      await downloadLinkExport(format)
    } catch (failure) {
      toast({ title: 'Export failed', description: errorMessage(failure, 'Check your connection and try again.'), variant: 'destructive' })
    } finally {
      setIsExporting(false)
    }
  }
  return (
    <ActionMenu
      label="Every link, with its clicks and previews"
      trigger={
        <Button variant="outline" isLoading={isExporting}>
          {!isExporting && <Download aria-hidden="true" />}
          Export
        </Button>
      }
    >
      <MenuItem onSelect={() => exportAs('csv')}>CSV (spreadsheet)</MenuItem>
      <MenuItem onSelect={() => exportAs('json')}>JSON</MenuItem>
    </ActionMenu>
  )
}
