import { History } from 'lucide-react'
import { IMPORT_SOURCE_NAMES } from '../../../src/shared/imports'
import { formatDate } from '../../lib/dates'
import type { Link } from './api'

/** An imported link's life before it came here: where it was made and when, and its clicks there (counted apart from the clicks here). */
export function ImportedHistory({ importedFrom }: { importedFrom: NonNullable<Link['importedFrom']> }) {
  const { source, createdAt, clicks } = importedFrom
  return (
    <p className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="link-history">
      <History className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
      <span>
        Imported from {IMPORT_SOURCE_NAMES[source]}
        {createdAt && <>, where it was made on {formatDate(createdAt, 'en-GB')}</>}
        {clicks !== null && (
          <>
            {createdAt ? ' and had ' : ', where it had '}
            <span className="font-medium text-slate-900 tabular-nums">{clicks.toLocaleString('en-US')}</span> {clicks === 1 ? 'click' : 'clicks'}
          </>
        )}
        . Clicks here are counted from the import on.
      </span>
    </p>
  )
}
