import { t } from 'elysia'
import { INVITABLE_ROLES, MEMBER_ROLES } from '../../shared/members'
import { oneOf } from '../../platform/schema'
import { Email, NewPassword } from '../auth/schema'

const InvitableRole = oneOf(INVITABLE_ROLES, { error: `role must be one of: ${INVITABLE_ROLES.join(', ')}.` })

export const Member = t.Object({
  userId: t.String(),
  email: t.String(),
  role: t.UnionEnum(MEMBER_ROLES),
  joinedAt: t.String({ format: 'date-time' }),
  isYou: t.Boolean(),
})
export type Member = typeof Member.static

export const Invitation = t.Object({
  id: t.String(),
  email: t.String(),
  role: t.UnionEnum(INVITABLE_ROLES),
  invitedBy: t.String({ description: "The inviter's e-mail" }),
  expiresAt: t.String({ format: 'date-time' }),
  createdAt: t.String({ format: 'date-time' }),
})
export type Invitation = typeof Invitation.static

export const Members = t.Object({ members: t.Array(Member), invitations: t.Array(Invitation) })
export type Members = typeof Members.static

export const InvitationInput = t.Object({ email: Email, role: InvitableRole })
export type InvitationInput = typeof InvitationInput.static

export const RoleInput = t.Object({ role: InvitableRole })
export const TransferInput = t.Object({ userId: t.String({ maxLength: 100 }) })

export const InvitationPreview = t.Composite([
  Invitation,
  t.Object({ accountName: t.String(), hasUser: t.Boolean({ description: 'Whether the address has a Linkcard user already (sign in), or not (sign up)' }) }),
])
export type InvitationPreview = typeof InvitationPreview.static

export const InvitedSignupInput = t.Object({ password: NewPassword })
