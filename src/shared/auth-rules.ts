// Account rules and their messages, shared by the forms and the server.
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 200
export const EMAIL_MAX = 254

/** The longest name a passkey may have. */
export const PASSKEY_NAME_MAX = 60

export const MESSAGES = {
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 200 characters.',
  passwordMismatch: 'Passwords do not match.',
  passwordMismatchTitle: 'Password mismatch',
  newPasswordMismatch: 'New passwords do not match.',
  sameEmail: 'The email address is the same as current.',
  invalidEmail: 'Please enter a valid email address.',
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',
  wrongCurrentPassword: 'Current password is incorrect.',
  wrongEmailToDelete: 'The e-mail address does not match this account.',
  invalidResetToken: 'This reset link is invalid or has expired. Please request a new password reset.',
  missingResetToken: 'Invalid reset link. Please request a new password reset.',
  forgotPasswordSent: 'If an account exists for that email, we have sent a link to reset the password.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyResetAttempts: 'Too many password reset attempts. Please wait a few minutes and try again.',
  tooManyMails: 'Too many e-mails asked for. Please wait a few minutes and try again.',
  invalidConfirmLink: 'This confirmation link is invalid or has expired. Please request a new one.',
  emailConfirmed: 'Your email address is confirmed.',
  emailChanged: 'Your email address has been changed.',
  verificationSent: 'We sent you a new confirmation link.',
  invalidChallenge: 'This sign-in has expired or was already completed. Please sign in again.',
  invalidSignInCode: 'This sign-in link is invalid or has expired. Please sign in again.',
  accountReclaimed:
    'This address had an unconfirmed account with a password set by someone. We removed that password, ended every session and revoked the API keys made with it; you are now the only one signed in. You can set a new password in Settings.',
} as const


/** E-mails are stored and compared lower-cased and trimmed. */
export const normalizeEmail = (value: string) => value.trim().toLowerCase()
