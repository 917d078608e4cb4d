import useSWR from 'swr'
import useSWRInfinite from 'swr/infinite'
import type { AuditActors, AuditEntry, AuditLogPage } from '../../../src/modules/audit/schema'
import { auditExportFileName } from '../../../src/shared/audit'
import { api } from '../../lib/api'
import { saveFile } from '../../lib/save-file'

export type { AuditEntry }

/** What the log is narrowed to: a person (an actor id), a kind or action, and days (YYYY-MM-DD, UTC); empty means all. */
export type AuditFilters = { actor: string; action: string; from: string; to: string }
export const NO_FILTERS: AuditFilters = { actor: '', action: '', from: '', to: '' }
export const hasFilters = (filters: AuditFilters) => Object.values(filters).some((value) => value !== '')

const PAGE = 50

const queryOf = (filters: AuditFilters, more: Record<string, string> = {}) =>
  new URLSearchParams(Object.entries({ ...filters, ...more }).filter(([, value]) => value !== '')).toString()

/** The entries that match, newest first, a page at a time: each page after the first asks from where the one before ended. */
export function useAuditLog(filters: AuditFilters) {
  return useSWRInfinite<AuditLogPage>(
    (_index, before: AuditLogPage | null) => (before && !before.nextCursor ? null : `/audit-log?${queryOf(filters, { limit: String(PAGE), ...(before && { cursor: before.nextCursor! }) })}`),
    api.get,
    // A page once read stays as it was: entries are never changed, only added before it.
    { revalidateFirstPage: false },
  )
}

export const useAuditActors = () => useSWR<AuditActors>('/audit-log/actors', api.get)

export async function downloadAuditLog(filters: AuditFilters) {
  saveFile(await api.download(`/audit-log.csv?${queryOf(filters)}`), auditExportFileName(new Date()))
}
