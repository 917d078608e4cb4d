import { t } from 'elysia'
import { ACCOUNT_NAME_MAX, INVITABLE_ROLES, MEMBER_MESSAGES, MEMBER_ROLES } from '../../shared/members'
import { oneOf } from '../../platform/schema'
import { Email, NewPassword } from '../auth/schema'

const InvitableRole = oneOf(INVITABLE_ROLES, { error: `role must be one of: ${INVITABLE_ROLES.join(', ')}.` })

export const Member = t.Object({
  userId: t.String(),
  email: t.String(),
  role: t.UnionEnum(MEMBER_ROLES),
  joinedAt: t.String({ format: 'date-time' }),
  isYou: t.Boolean(),
  hasSecondFactor: t.Boolean({ description: 'Whether signing in asks them for a second factor (an authenticator app or a passkey)' }),
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

// What PATCH /api/auth/account changes of the workspace; what is left out stays as it is.
export const AccountInput = t.Object({
  name: t.Optional(t.String({ maxLength: ACCOUNT_NAME_MAX * 4, error: MEMBER_MESSAGES.accountName, description: `1 to ${ACCOUNT_NAME_MAX} characters on one line` })),
  requireSecondFactor: t.Optional(
    t.Boolean({ description: 'Whether every member must have a second factor: the owner alone sets it, and turns it on only with a second factor of their own' }),
  ),
})
export type AccountInput = typeof AccountInput.static
