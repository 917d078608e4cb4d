import useSWR, { mutate } from 'swr'
import type { CurrentUser, DeleteAccountInput, Session, User } from '../../../src/modules/auth/schema'
import { api } from '../../lib/api'
import { setSession, setUser, signOut, useSession } from '../../lib/session'

const ME = '/auth/me'

/** The signed-in user, fresh from the server. */
export const useMe = () => useSWR<CurrentUser>(ME, api.get)

const EMAIL_STATUS = '/auth/email-status'

/** Whether the signed-in user's address is confirmed. */
type EmailStatus = { email: string; emailVerified: boolean }
export const useEmailStatus = (isSignedIn: boolean, known?: EmailStatus) => useSWR<EmailStatus>(isSignedIn ? EMAIL_STATUS : null, api.get, { fallbackData: known })

export const resendConfirmation = () => api.post<{ message: string }>('/auth/resend-verification')

/** Starts an e-mail change: the server mails the new address, which must confirm. */
export async function updateEmail(email: string, currentPassword: string) {
  return api.patch<{ user: User; message: string }>('/auth/update-email', { email, currentPassword })
}

/** After a confirmation link was opened, what the screens show is stale. */
export async function refreshAfterConfirmation() {
  if (!useSession.getState().token) return
  const me = await api.get<CurrentUser>(ME)
  setUser(me.user)
  await Promise.all([mutate(ME, me, { revalidate: false }), mutate(EMAIL_STATUS)])
}

/** Renames the workspace the user works in; the header and every screen show the new name. */
export async function renameWorkspace(name: string) {
  const me = await api.patch<CurrentUser>('/auth/account', { name })
  setUser(me.user)
  await mutate(ME, me, { revalidate: false })
  // The account menu lists the user's workspaces by name.
  await mutate((key) => Array.isArray(key) && key[0] === '/auth/accounts')
}

/** Ends every session of this user, this one included. */
export async function signOutEverywhere() {
  await api.post('/auth/logout-everywhere')
  signOut()
}

/** The server revokes every older session and answers a fresh one, which replaces ours. */
export async function updatePassword(currentPassword: string, newPassword: string) {
  const session = await api.patch<Session>('/auth/update-password', { currentPassword, newPassword })
  setSession(session)
  await mutate<CurrentUser>(ME, { user: session.user, hasPassword: true }, { revalidate: false })
}

/** The password, or for people without one their e-mail address typed out: the server checks it. */
export const deleteAccount = (proof: DeleteAccountInput) => api.delete('/auth/delete-account', proof)
