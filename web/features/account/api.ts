import useSWR, { mutate } from 'swr'
import type { Session, User } from '../../../src/modules/auth/schema'
import { api } from '../../lib/api'
import { setSession, setUser } from '../../lib/session'

const ME = '/auth/me'

/** The signed-in user, fresh from the server. */
export const useMe = () => useSWR<{ user: User }>(ME, api.get)

export async function updateEmail(email: string, current: User) {
  const answer = await api.patch<{ user?: User } | undefined>('/auth/update-email', { email })
  const user = answer?.user ?? { ...current, email: email.trim().toLowerCase() }
  setUser(user)
  await mutate(ME, { user }, { revalidate: false })
  return user
}

/** The server revokes every older session and answers a fresh one, which replaces ours. */
export async function updatePassword(currentPassword: string, newPassword: string) {
  const session = await api.patch<Session>('/auth/update-password', { currentPassword, newPassword })
  setSession(session)
  await mutate(ME, { user: session.user }, { revalidate: false })
}

export const deleteAccount = () => api.delete('/auth/delete-account')
