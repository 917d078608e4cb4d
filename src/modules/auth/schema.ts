import { t } from 'elysia'
import { EMAIL_MAX, MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '../../shared/auth-rules'
import { PLANS, USER_ROLES } from '../../shared/domain'

const Email = t.String({ format: 'email', maxLength: EMAIL_MAX, error: MESSAGES.invalidEmail, description: 'E-mail address' })
const NewPassword = t.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, error: MESSAGES.passwordTooShort })

export const User = t.Object({
  id: t.String(),
  email: t.String(),
  role: t.UnionEnum(USER_ROLES),
  isSuperAdmin: t.Boolean(),
  accountId: t.String(),
  accountName: t.String(),
  plan: t.UnionEnum(PLANS),
  createdAt: t.String({ format: 'date-time' }),
})
export type User = typeof User.static

export const Session = t.Object({ token: t.String(), user: User })
export type Session = typeof Session.static

export const CurrentUser = t.Object({ user: User })

export const SignupInput = t.Object({ email: Email, password: NewPassword })
export type SignupInput = typeof SignupInput.static

export const LoginInput = t.Object({ email: t.String({ maxLength: EMAIL_MAX }), password: t.String({ maxLength: PASSWORD_MAX }) })
export type LoginInput = typeof LoginInput.static

export const UpdateEmailInput = t.Object({ email: Email })
export const UpdatePasswordInput = t.Object({ currentPassword: t.String({ maxLength: PASSWORD_MAX }), newPassword: NewPassword })
export const ForgotPasswordInput = t.Object({ email: t.String({ maxLength: EMAIL_MAX }) })
export const ResetPasswordInput = t.Object({ token: t.String({ minLength: 1, maxLength: 200 }), newPassword: NewPassword })

export const Message = t.Object({ message: t.String() })

export const Provider = t.Object({ id: t.String(), name: t.String() })
export const ProviderList = t.Array(Provider)
export type Provider = typeof Provider.static
