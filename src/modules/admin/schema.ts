import { t } from 'elysia'
import { PLANS } from '../../shared/domain'
import { MEMBER_ROLES } from '../../shared/members'
import { User } from '../auth/schema'
import { Link } from '../links/schema'

const Count = t.Integer({ minimum: 0 })

export const AdminStats = t.Object({ totalAccounts: Count, totalUsers: Count, totalLinks: Count, totalClicks: Count })
export type AdminStats = typeof AdminStats.static

export const AdminAccount = t.Object({
  id: t.String(),
  name: t.String(),
  plan: t.UnionEnum(PLANS),
  usageThisMonth: t.Integer({ description: 'Counted previews in the current billing period' }),
  userCount: Count,
  createdAt: t.String({ format: 'date-time' }),
})
export type AdminAccount = typeof AdminAccount.static

export const AdminMember = t.Object({ userId: t.String(), email: t.String(), role: t.UnionEnum(MEMBER_ROLES), joinedAt: t.String({ format: 'date-time' }) })
export type AdminMember = typeof AdminMember.static

export const AdminAccountList = t.Object({ accounts: t.Array(AdminAccount), total: Count })
export type AdminAccountList = typeof AdminAccountList.static

export const AdminUser = User
export type AdminUser = typeof AdminUser.static

// A user as the list shows them: whether they have a second factor, not whether they must set one up now.
export const AdminListedUser = t.Composite([
  t.Omit(User, ['mustSetUpSecondFactor']),
  t.Object({ hasSecondFactor: t.Boolean({ description: 'Whether signing in asks them for a second factor (an authenticator app or a passkey)' }) }),
])
export type AdminListedUser = typeof AdminListedUser.static

export const AdminUserList = t.Object({ users: t.Array(AdminListedUser), total: Count })
export type AdminUserList = typeof AdminUserList.static

export const AdminLink = Link
export type AdminLink = typeof AdminLink.static

export const AdminLinkList = t.Object({ shareLinks: t.Array(Link), total: Count })
export type AdminLinkList = typeof AdminLinkList.static

export const AuditEntry = t.Object({
  id: t.String(),
  actorUserId: t.Nullable(t.String()),
  actorEmail: t.String(),
  action: t.String(),
  targetType: t.String(),
  targetId: t.String(),
  details: t.Nullable(t.Record(t.String(), t.Unknown())),
  createdAt: t.String({ format: 'date-time' }),
})
export type AuditEntry = typeof AuditEntry.static

export const AuditLog = t.Object({ entries: t.Array(AuditEntry), total: Count })
export type AuditLog = typeof AuditLog.static

/** List query parameters as they arrive; the service checks them (after the super-admin check). */
export type ListParams = Record<string, string | undefined>
