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
  secondFactorRequired: t.Boolean({ description: 'Whether the account they work in requires a second factor of every member (its owner sets it)' }),
  mustSetUpSecondFactor: t.Boolean({
    description: 'Their account requires a second factor and they have none: until they set one up, the app answers only the calls that set one up, sign out or switch accounts',
  }),
  createdAt: t.String({ format: 'date-time' }),
})
export type User = typeof User.static

export const Session = t.Object({ token: t.String(), user: User })
export type Session = typeof Session.static

// What signing in answers for a user with a second factor: no session yet, a challenge to complete.
export const SecondFactorChallenge = t.Object({
  twoFactorRequired: t.Literal(true),
  challenge: t.String({ description: 'Sent back with a code to POST /api/auth/2fa/verify, within five minutes, once' }),
  methods: t.Array(t.UnionEnum(['totp', 'passkey', 'recovery']), { description: 'The second factors the user can give' }),
})
export type SecondFactorChallenge = typeof SecondFactorChallenge.static
export const SignIn = t.Union([Session, SecondFactorChallenge])
// A browser's answer to navigator.credentials.create() or .get(), as @simplewebauthn/browser serialises it.
const PasskeyAnswer = t.Object(
  {
    id: t.String({ minLength: 1, maxLength: 1400 }),
    rawId: t.String({ maxLength: 1400 }),
    type: t.Literal('public-key'),
    response: t.Record(t.String(), t.Unknown()),
    clientExtensionResults: t.Record(t.String(), t.Unknown()),
    authenticatorAttachment: t.Optional(t.String({ maxLength: 40 })),
  },
  { description: "The browser's answer to the passkey request" },
)
export const SecondFactorInput = t.Object({
  challenge: t.String({ minLength: 1, maxLength: 2000 }),
  code: t.Optional(t.String({ minLength: 1, maxLength: 64, description: 'A code from the authenticator app, or an unused recovery code' })),
  passkey: t.Optional(PasskeyAnswer),
})
export type SecondFactorInput = typeof SecondFactorInput.static
export const PasskeyChallengeInput = t.Object({ challenge: t.String({ minLength: 1, maxLength: 2000 }) })
export const PasskeyOptions = t.Object({ options: t.Record(t.String(), t.Unknown(), { description: 'For navigator.credentials.create() or .get()' }), ticket: t.Optional(t.String()) })
export const PasskeySignInInput = t.Object({ ticket: t.String({ minLength: 1, maxLength: 2000 }), response: PasskeyAnswer })
export const PasskeyRegistrationInput = t.Object({ ticket: t.String({ minLength: 1, maxLength: 2000 }), name: t.String({ maxLength: 240 }), response: PasskeyAnswer })
export const Passkey = t.Object({ id: t.String(), name: t.String(), createdAt: t.String({ format: 'date-time' }), lastUsedAt: t.Nullable(t.String({ format: 'date-time' })) })
export const PasskeyList = t.Object({ passkeys: t.Array(Passkey) })
export const PasskeyAdded = t.Object({ passkey: Passkey, recoveryCodes: t.Optional(t.Array(t.String(), { description: "With a user's first second factor: ten single-use codes, shown this once" })) })
export const PasskeyNameInput = t.Object({ name: t.String({ maxLength: 240 }) })
export const TotpSetup = t.Object({ secret: t.String({ description: 'Base32, for typing into an app' }), otpauthUrl: t.String({ description: 'The otpauth:// address a QR code carries' }) })
export const TotpCodeInput = t.Object({ code: t.String({ minLength: 1, maxLength: 64 }) })
export const RecoveryCodes = t.Object({ recoveryCodes: t.Array(t.String(), { description: 'Ten single-use codes, shown this once' }) })
export const SecondFactorStatus = t.Object({ totp: t.Boolean(), passkeys: t.Boolean(), recoveryCodesLeft: t.Integer({ minimum: 0 }) })

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

const SignedInSession = t.Object({
  id: t.String({ description: 'Ends it with DELETE /api/auth/sessions/{id}' }),
  current: t.Boolean({ description: 'The session this request came with' }),
  browser: t.String({ description: 'The browser family it was signed in from ("Firefox"), or "Unknown browser"' }),
  device: t.String({ description: 'The kind of device ("Mac", "iPhone", "Android phone"), or "Unknown device"' }),
  country: t.Nullable(t.String({ description: 'ISO 3166-1 alpha-2 code of where it was signed in from; null when unknown' })),
  createdAt: t.String({ format: 'date-time', description: 'When it was signed in' }),
  lastSeenAt: t.String({ format: 'date-time', description: 'When it was last used, to the minute' }),
})
export const SessionList = t.Object({ sessions: t.Array(SignedInSession, { description: 'The sessions that still work, this one first, then the most recently used' }) })
export type SessionList = typeof SessionList.static
export const SessionParams = t.Object({ id: t.String({ maxLength: 200 }) })
