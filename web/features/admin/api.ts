// The admin panel's calls and the refreshes each change needs (every change adds to the audit log).
import useSWR, { mutate } from 'swr'
import type {
  AdminAccount,
  AdminAccountList,
  AdminLink,
  AdminLinkList,
  AdminListedUser,
  AdminMember,
  AdminStats,
  AdminUser,
  AdminUserList,
  AuditEntry,
  AuditLog,
} from '../../../src/modules/admin/schema'
import type { Plan } from '../../../src/shared/domain'
import { api } from '../../lib/api'

export type { AdminAccount, AdminLink, AdminListedUser, AdminStats, AdminUser, AuditEntry }

/** Admin pages hold 20 rows. */
export const PAGE_SIZE = 20

export type SortOrder = 'asc' | 'desc'
export type ListState<S extends string> = { page: number; search: string; sortBy: S; sortOrder: SortOrder }

// Its own cache entry, apart from the super-admin check's: a failed refresh here shows an error
// in the panel instead of turning the whole screen into Access Denied.
const STATS = ['/admin/stats', 'panel'] as const

function listPath(base: string, { page, search, sortBy, sortOrder }: ListState<string>) {
  const query = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE), sortBy, sortOrder })
  if (search.trim()) query.set('search', search.trim())
  return `${base}?${query}`
}

export const useAdminStats = () => useSWR<AdminStats>(STATS, ([path]: typeof STATS) => api.get<AdminStats>(path))

// Lists keep showing the previous page while the next one loads, so the table does not flash.
export const useAdminAccounts = (state: ListState<'createdAt' | 'name' | 'plan'>) =>
  useSWR<AdminAccountList>(listPath('/admin/accounts', state), api.get, { keepPreviousData: true })

export const useAdminUsers = (state: ListState<'createdAt' | 'email'>) =>
  useSWR<AdminUserList>(listPath('/admin/users', state), api.get, { keepPreviousData: true })

export const useAuditLog = (state: ListState<'createdAt'>) => useSWR<AuditLog>(listPath('/admin/audit-log', state), api.get, { keepPreviousData: true })

const linksState = (page: number): ListState<'createdAt'> => ({ page, search: '', sortBy: 'createdAt', sortOrder: 'desc' })

// Read afresh whenever a detail card opens: another change may have touched the links since.
export const useUserLinks = (userId: string, page: number) =>
  useSWR<AdminLinkList>(listPath(`/admin/users/${encodeURIComponent(userId)}/links`, linksState(page)), api.get, { revalidateOnMount: true, keepPreviousData: true })

export const useAccountLinks = (accountId: string, page: number) =>
  useSWR<AdminLinkList>(listPath(`/admin/accounts/${encodeURIComponent(accountId)}/links`, linksState(page)), api.get, {
    revalidateOnMount: true,
    keepPreviousData: true,
  })

export const useAccountMembers = (accountId: string) =>
  useSWR<AdminMember[]>(`/admin/accounts/${encodeURIComponent(accountId)}/members`, api.get, { revalidateOnMount: true })

const keyStarts = (prefix: string) => (key: unknown) => typeof key === 'string' && key.startsWith(prefix)
const isLinkList = (key: unknown) => typeof key === 'string' && /^\/admin\/(users|accounts)\/[^/?]+\/links\?/.test(key)

// Passing undefined drops every cached page of the list (read again when shown) and re-reads the
// page on screen, which keeps showing its rows meanwhile (keepPreviousData).
const refreshList = (matches: (key: unknown) => boolean) => mutate(matches, undefined, { revalidate: true })
const refreshStats = () => mutate(STATS)
const refreshAccounts = () => refreshList(keyStarts('/admin/accounts?'))
const refreshUsers = () => refreshList(keyStarts('/admin/users?'))
const refreshLinks = () => refreshList(isLinkList)
const refreshAuditLog = () => refreshList(keyStarts('/admin/audit-log?'))

/** Refreshes the users list (and the accounts list, which shows plans too). */
export async function changeUserPlan(userId: string, plan: Plan) {
  const user = await api.patch<AdminUser>(`/admin/users/${encodeURIComponent(userId)}/plan`, { plan })
  await Promise.all([refreshUsers(), refreshAccounts(), refreshAuditLog()])
  return user
}

/** Removes the user's authenticator, passkeys and recovery codes; the server mails them. */
export async function resetSecondFactors(userId: string) {
  await api.post(`/admin/users/${encodeURIComponent(userId)}/reset-second-factors`)
  await Promise.all([refreshUsers(), refreshAuditLog()])
}

/** Refreshes users, accounts and stats, and the open link tables. */
export async function deleteLink(linkId: string) {
  await api.delete(`/admin/links/${encodeURIComponent(linkId)}`)
  await Promise.all([refreshUsers(), refreshAccounts(), refreshStats(), refreshLinks(), refreshAuditLog()])
}

/** Refreshes users and stats (and accounts: the last user takes the account along). */
export async function deleteUser(userId: string) {
  await api.delete(`/admin/users/${encodeURIComponent(userId)}`)
  await Promise.all([refreshUsers(), refreshStats(), refreshAccounts(), refreshLinks(), refreshAuditLog()])
}

/** Refreshes accounts, users and stats. */
export async function deleteAccount(accountId: string) {
  await api.delete(`/admin/accounts/${encodeURIComponent(accountId)}`)
  await Promise.all([refreshAccounts(), refreshUsers(), refreshStats(), refreshAuditLog()])
}
