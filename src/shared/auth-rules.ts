// Account rules and their messages, shared by the forms and the server.
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 200
export const EMAIL_MAX = 254

export const MESSAGES = {
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordMismatch: 'Passwords do not match.',
  passwordMismatchTitle: 'Password mismatch',
  newPasswordMismatch: 'New passwords do not match.',
  sameEmail: 'The email address is the same as current.',
  invalidEmail: 'Please enter a valid email address.',
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',
  wrongCurrentPassword: 'Current password is incorrect.',
  invalidResetToken: 'This reset link is invalid or has expired. Please request a new password reset.',
  missingResetToken: 'Invalid reset link. Please request a new password reset.',
  forgotPasswordSent: 'If an account exists for that email, we have sent a link to reset the password.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
} as const

/** Light check shared by forms and server; the server's schema also checks the format. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)

/** E-mails are stored and compared lower-cased and trimmed. */
export const normalizeEmail = (value: string) => value.trim().toLowerCase()
