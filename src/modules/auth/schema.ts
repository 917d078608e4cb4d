import { t } from 'elysia'
import { EMAIL_MAX, MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '../../shared/auth-rules'
import { PLANS } from '../../shared/domain'
import { ACCOUNT_NAME_MAX, MEMBER_MESSAGES, MEMBER_ROLES } from '../../shared/members'

export const Email = t.String({ format: 'email', maxLength: EMAIL_MAX, error: MESSAGES.invalidEmail, description: 'E-mail address' })
// Two parts so each bound gets its own message.
export const NewPassword = t.Intersect(
  [t.String({ minLength: PASSWORD_MIN, error: MESSAGES.passwordTooShort }), t.String({ maxLength: PASSWORD_MAX, error: MESSAGES.passwordTooLong })],
  { description: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters` },
)

export const User = t.Object({
  id: t.String(),
  email: t.String(),
  role: t.UnionEnum(MEMBER_ROLES, { description: 'Their role in the account they work in now' }),
  isSuperAdmin: t.Boolean(),
  accountId: t.String(),
  accountName: t.String(),
  plan: t.UnionEnum(PLANS),
  emailVerified: t.Boolean({ description: 'Whether they have confirmed their e-mail address' }),
  createdAt: t.String({ format: 'date-time' }),
})
export type User = typeof User.static

export const Session = t.Object({ token: t.String(), user: User })
export type Session = typeof Session.static

export const AccountMembership = t.Object({
  accountId: t.String(),
  accountName: t.String(),
  plan: t.UnionEnum(PLANS),
  role: t.UnionEnum(MEMBER_ROLES),
  isCurrent: t.Boolean({ description: 'The account the user works in now' }),
})
export type AccountMembership = typeof AccountMembership.static

export const CurrentUser = t.Object({
  user: User,
  hasPassword: t.Boolean({ description: 'False for people who only ever signed in through an identity provider' }),
})
export type CurrentUser = typeof CurrentUser.static

export const SignupInput = t.Object({
  email: Email,
  password: NewPassword,
  accountName: t.Optional(
    t.String({ maxLength: ACCOUNT_NAME_MAX * 4, error: MEMBER_MESSAGES.accountName, description: `The workspace's name (1 to ${ACCOUNT_NAME_MAX} characters); the address's local part when left out` }),
  ),
})
export type SignupInput = typeof SignupInput.static

// A password no account can have gets the same words as sign-up, not the validator's own.
const GivenPassword = (options: { description?: string } = {}) => t.String({ maxLength: PASSWORD_MAX, error: MESSAGES.passwordTooLong, ...options })

export const LoginInput = t.Object({ email: t.String({ maxLength: EMAIL_MAX }), password: GivenPassword() })
export type LoginInput = typeof LoginInput.static

export const UpdateEmailInput = t.Object({ email: Email, currentPassword: GivenPassword({ description: 'Needed when the user has a password' }) })
export const EmailChangeStarted = t.Object({ user: User, message: t.String() })
// Proof that the person at the keyboard is the user: the password, or without one the address typed out.
export const DeleteAccountInput = t.Object({
  currentPassword: t.Optional(GivenPassword({ description: 'Needed when the user has a password' })),
  email: t.Optional(t.String({ maxLength: EMAIL_MAX, description: 'The e-mail address, typed out, when the user has no password' })),
})
export type DeleteAccountInput = typeof DeleteAccountInput.static
export const TokenInput = t.Object({ token: t.String({ minLength: 1, maxLength: 2000 }) })
export const CodeInput = t.Object({ code: t.String({ minLength: 1, maxLength: 2000 }) })
export const EmailStatus = t.Object({ email: t.String(), emailVerified: t.Boolean() })
export const UpdatePasswordInput = t.Object({ currentPassword: GivenPassword(), newPassword: NewPassword })
export const ForgotPasswordInput = t.Object({ email: t.String({ maxLength: EMAIL_MAX }) })
export const ResetPasswordInput = t.Object({ token: t.String({ minLength: 1, maxLength: 200 }), newPassword: NewPassword })

export const Message = t.Object({ message: t.String() })

export const Provider = t.Object({ id: t.String(), name: t.String() })
export const ProviderList = t.Array(Provider)
export type Provider = typeof Provider.static
