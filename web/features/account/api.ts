import useSWR, { mutate } from 'swr'
import type { CurrentUser, DeleteAccountInput, Session, SessionList, User } from '../../../src/modules/auth/schema'
import type { AccountInput } from '../../../src/modules/members/schema'
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

/** Reads the signed-in user afresh, when what they may do changed on the server (a second factor set up). */
export async function reloadCurrentUser() {
  const me = await api.get<CurrentUser>(ME)
  setUser(me.user)
  await mutate(ME, me, { revalidate: false })
}

/** After a confirmation link was opened, what the screens show is stale. */
export async function refreshAfterConfirmation() {
  if (!useSession.getState().token) return
  await Promise.all([reloadCurrentUser(), mutate(EMAIL_STATUS)])
}

/** Changes the workspace the user works in; every screen shows it as it is now. */
async function changeWorkspace(changes: AccountInput) {
  const me = await api.patch<CurrentUser>('/auth/account', changes)
  setUser(me.user)
  await mutate(ME, me, { revalidate: false })
}

export async function renameWorkspace(name: string) {
  await changeWorkspace({ name })
  // The account menu lists the user's workspaces by name.
  await mutate((key) => Array.isArray(key) && key[0] === '/auth/accounts')
}

/** Requires a second factor of every member of the workspace, or stops requiring it (the owner). */
export const setSecondFactorRequired = (requireSecondFactor: boolean) => changeWorkspace({ requireSecondFactor })

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

const SESSIONS = '/auth/sessions'

/** The sessions the user is signed in with, this one first. */
export const useSessions = () => useSWR<SessionList>(SESSIONS, api.get)

/** Ends one session: its device is signed out at once. */
export async function endSession(id: string) {
  await api.delete(`${SESSIONS}/${encodeURIComponent(id)}`)
  await mutate(SESSIONS)
}
