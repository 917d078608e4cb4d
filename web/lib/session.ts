// The signed-in session: kept in localStorage under auth_token and
// auth_user, so it survives reloads and is shared by tabs.
import useSWR from 'swr'
import { create } from 'zustand'
import type { AccountMembership, Session, User } from '../../src/modules/auth/schema'
import { can, type Permission } from '../../src/shared/members'
import { api, ApiError, clearApiCache, setTokenSource } from './api'

export const TOKEN_KEY = 'auth_token'
export const USER_KEY = 'auth_user'

type SessionState = { token: string | null; user: User | null }

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

function readStored(): SessionState {
  const store = storage()
  const token = store?.getItem(TOKEN_KEY) || null
  let user: User | null = null
  try {
    user = JSON.parse(store?.getItem(USER_KEY) ?? 'null')
  } catch {
    user = null
  }
  return { token, user }
}

function write(state: SessionState) {
  const store = storage()
  if (store) {
    if (state.token) store.setItem(TOKEN_KEY, state.token)
    else store.removeItem(TOKEN_KEY)
    if (state.user) store.setItem(USER_KEY, JSON.stringify(state.user))
    else store.removeItem(USER_KEY)
  }
  useSession.setState(state)
}

export const useSession = create<SessionState>(() => readStored())

setTokenSource(() => useSession.getState().token)

// Signing in or out in another tab applies here too.
if (typeof window !== 'undefined' && typeof window.addEventListener === 'function')
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) useSession.setState(readStored())
  })

/** Authenticated means both a token and a user are present. */
export const isAuthenticated = (state: SessionState) => Boolean(state.token && state.user)

export const useIsAuthenticated = () => useSession(isAuthenticated)
export const useCurrentUser = () => useSession((state) => state.user)
/** Whether the workspace requires a second factor the signed-in person has not set up: the server refuses them all but that. */
export const useMustSetUpSecondFactor = () => useSession((state) => state.user?.mustSetUpSecondFactor === true)
/** Whether the signed-in person's role in their account allows it (the server checks it too). */
export const useCan = (permission: Permission) => useSession((state) => state.user !== null && can(state.user.role, permission))

/** Stores a session the server answered in full (e.g. after a password change). */
export function setSession(session: Session) {
  write({ token: session.token, user: session.user })
}

/** Replaces the stored user, e.g. after an email change. */
export function setUser(user: User) {
  write({ token: useSession.getState().token, user })
}

/**
 * Stores a token, then fetches the current user with it (login, signup and the identity-provider
 * handoff all go through here). A failed fetch leaves the visitor signed out.
 */
export async function signIn(token: string): Promise<User> {
  await clearApiCache()
  write({ token, user: null })
  try {
    const { user } = await api.get<{ user: User }>('/auth/me')
    write({ token, user })
    return user
  } catch {
    write({ token: null, user: null })
    throw new Error('Failed to fetch user')
  }
}

/** The accounts the signed-in person belongs to (for switching): read again whenever they sign in as someone else or move. */
export const useAccounts = (user: { id: string; accountId: string; role: string } | null) =>
  useSWR<AccountMembership[]>(user ? ['/auth/accounts', user.id, user.accountId, user.role] : null, ([path]: [string]) => api.get<AccountMembership[]>(path))

/** Works in another of the person's accounts: every cached read was the other account's. */
export async function switchAccount(accountId: string) {
  const { user } = await api.post<{ user: User }>('/auth/switch-account', { accountId })
  await clearApiCache()
  setUser(user)
  return user
}

/** Clears the stored session and every cached read. Navigation is the caller's. */
export function signOut() {
  write({ token: null, user: null })
  void clearApiCache()
}

/**
 * Sign Out: ends the session on the server too, so a copy of the token stops working, then
 * clears it here (also when the server cannot be reached).
 */
export async function logOut() {
  if (useSession.getState().token) await api.post('/auth/logout').catch(() => undefined)
  signOut()
}

// Whether GET /auth/me has answered since the page loaded: until then a stored user may be out of date.
const useRefreshed = create<boolean>(() => false)

/**
 * On start: a stored token is checked against GET /auth/me. The server's refusal of it (401)
 * clears it silently; a network error or a busy server keeps it, so a blip signs no one out.
 */
export async function refreshSession() {
  const { token } = useSession.getState()
  if (!token) {
    if (useSession.getState().user) write({ token: null, user: null })
    useRefreshed.setState(true, true)
    return
  }
  try {
    const { user } = await api.get<{ user: User }>('/auth/me')
    // A sign-out or another sign-in while the call was out wins.
    if (useSession.getState().token === token) write({ token, user })
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 401 && useSession.getState().token === token) signOut()
  } finally {
    useRefreshed.setState(true, true)
  }
}

/**
 * Super-admin status, as the signed-in user says it (GET /auth/me, asked once when the page loads):
 * a stored "no" is checked until that answer is in, a stored "yes" is taken at once (the admin calls
 * refuse anyone who is not).
 */
export function useIsSuperAdmin(): { isSuperAdmin: boolean; isChecking: boolean } {
  const signedIn = useIsAuthenticated()
  const isSuperAdmin = useSession((state) => Boolean(state.user?.isSuperAdmin))
  const refreshed = useRefreshed()
  return { isSuperAdmin: signedIn && isSuperAdmin, isChecking: signedIn && !isSuperAdmin && !refreshed }
}
