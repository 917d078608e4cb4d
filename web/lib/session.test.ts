import { afterEach, beforeAll, beforeEach, describe, expect, it, mock } from 'bun:test'

// A minimal localStorage for the store, which reads it when it is created.
class MemoryStorage {
  private items = new Map<string, string>()
  getItem = (key: string) => this.items.get(key) ?? null
  setItem = (key: string, value: string) => void this.items.set(key, String(value))
  removeItem = (key: string) => void this.items.delete(key)
  clear = () => this.items.clear()
}

const user = {
  id: 'u1',
  email: 'ada@example.com',
  role: 'owner' as const,
  isSuperAdmin: false,
  accountId: 'a1',
  accountName: 'ada',
  plan: 'free' as const,
  emailVerified: true,
  secondFactorRequired: false,
  mustSetUpSecondFactor: false,
  createdAt: '2026-01-01T00:00:00.000Z',
}

let session: typeof import('./session')
const realFetch = globalThis.fetch
let meAnswer: () => Response
const seenAuth: (string | null)[] = []

beforeAll(async () => {
  ;(globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage()
  session = await import('./session')
})

beforeEach(() => {
  localStorage.clear()
  session.useSession.setState({ token: null, user: null })
  seenAuth.length = 0
  globalThis.fetch = mock(async (_url: string | URL | Request, init?: RequestInit) => {
    seenAuth.push((init?.headers as Record<string, string>)?.authorization ?? null)
    return meAnswer()
  }) as unknown as typeof fetch
})
afterEach(() => {
  globalThis.fetch = realFetch
})

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('session', () => {
  it('signIn stores the token, fetches the user with it and stores both under auth_token and auth_user', async () => {
    meAnswer = () => json({ user })
    expect(await session.signIn('tok-1')).toEqual(user)
    expect(seenAuth).toEqual(['Bearer tok-1'])
    expect(localStorage.getItem('auth_token')).toBe('tok-1')
    expect(JSON.parse(localStorage.getItem('auth_user')!)).toEqual(user)
    expect(session.isAuthenticated(session.useSession.getState())).toBe(true)
  })

  it('signIn leaves the visitor signed out when fetching the user fails', async () => {
    meAnswer = () => json({ message: 'Unauthorized' }, 401)
    await expect(session.signIn('bad')).rejects.toThrow('Failed to fetch user')
    expect(localStorage.getItem('auth_token')).toBeNull()
    expect(localStorage.getItem('auth_user')).toBeNull()
    expect(session.isAuthenticated(session.useSession.getState())).toBe(false)
  })

  it('authenticated needs both a token and a user', () => {
    expect(session.isAuthenticated({ token: 't', user: null })).toBe(false)
    expect(session.isAuthenticated({ token: null, user })).toBe(false)
    expect(session.isAuthenticated({ token: 't', user })).toBe(true)
  })

  it('refreshSession keeps a good session and refreshes the stored user', async () => {
    session.setSession({ token: 'tok-2', user })
    meAnswer = () => json({ user: { ...user, plan: 'pro' } })
    await session.refreshSession()
    expect(session.useSession.getState().user?.plan).toBe('pro')
    expect(JSON.parse(localStorage.getItem('auth_user')!).plan).toBe('pro')
  })

  it('refreshSession clears the session silently when the server refuses the token, and keeps it through a network error or a busy server', async () => {
    session.setSession({ token: 'tok-3', user })
    meAnswer = () => json({ message: 'Session expired.' }, 401)
    await session.refreshSession()
    expect(session.useSession.getState()).toEqual({ token: null, user: null })
    expect(localStorage.getItem('auth_token')).toBeNull()

    session.setSession({ token: 'tok-4', user })
    meAnswer = () => {
      throw new TypeError('Failed to fetch')
    }
    await session.refreshSession()
    expect(localStorage.getItem('auth_token')).toBe('tok-4')
    meAnswer = () => json({ message: 'Try again.' }, 503)
    await session.refreshSession()
    expect(session.useSession.getState()).toEqual({ token: 'tok-4', user })
  })

  it('signOut clears both stored keys; setUser replaces only the user', () => {
    session.setSession({ token: 'tok-5', user })
    session.setUser({ ...user, email: 'new@example.com' })
    expect(localStorage.getItem('auth_token')).toBe('tok-5')
    expect(JSON.parse(localStorage.getItem('auth_user')!).email).toBe('new@example.com')
    session.signOut()
    expect(localStorage.getItem('auth_token')).toBeNull()
    expect(localStorage.getItem('auth_user')).toBeNull()
  })
})
