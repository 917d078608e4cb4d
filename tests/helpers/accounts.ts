// Shortcuts for tests that need signed-in people.
import { join } from 'node:path'
import { uniqueEmail, type Client } from './http'
import { confirmLinkFor, invitationTokenFor, waitForMail } from './outbox'
import type { TestServer } from './server'

export const PASSWORD = 'correct horse battery'

export type SignedIn = { token: string; email: string; password: string; user: { id: string; accountId: string; email: string; plan: string } }

const hex = () => Math.floor(Math.random() * 0x10000).toString(16)

/**
 * Headers that name a client address of its own (documentation range) to a server behind a trusted
 * proxy (TRUST_PROXY=127.0.0.1). Redis outlives a test run, and with it each address's count of
 * sign-ups: a server that shares Redis is signed up to from such an address.
 */
export const ownAddress = () => ({ 'x-forwarded-for': `2001:db8:${hex()}:${hex()}::1` })

/** Signs a new person up; `headers` may name the client's address to a server behind a trusted proxy. */
export async function signUp(http: Client, label = 'user', headers?: Record<string, string>): Promise<SignedIn> {
  const email = uniqueEmail(label)
  const answer = await http.post('/api/auth/signup', { email, password: PASSWORD }, { headers })
  if (answer.status !== 201) throw new Error(`signup failed: ${answer.status} ${answer.text}`)
  return { token: answer.body.token, user: answer.body.user, email, password: PASSWORD }
}

/** Runs a command of the server's executable (`bun src/index.ts <args>`) against its data, or against other settings in `env`. */
export async function runCommand(server: TestServer, args: string[], env: Record<string, string> = {}) {
  const child = Bun.spawn(['bun', 'src/index.ts', ...args], {
    cwd: join(import.meta.dir, '../..'),
    env: { ...process.env, ...server.env, LOG_LEVEL: 'warn', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
  return { code, stdout, stderr }
}

/** Makes the user a super admin through the real `grant-admin` command. */
export async function grantSuperAdmin(server: TestServer, email: string) {
  const result = await runCommand(server, ['grant-admin', email])
  if (result.code !== 0) throw new Error(`grant-admin failed: ${result.stderr}`)
}

/**
 * What a browser does on the identity-provider return: keeps the sign-in cookie the callback set
 * and exchanges the one-time code from /login?code=… for a session.
 */
export async function exchangeProviderReturn(baseUrl: string, done: Response) {
  const final = new URL(done.headers.get('location')!, baseUrl)
  const signInCookie = done.headers.getSetCookie().find((c) => c.startsWith('lc_signin='))?.split(';')[0]
  const code = final.searchParams.get('code')
  const exchange = (cookie = signInCookie) =>
    fetch(`${baseUrl}/api/auth/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ code }),
    })
  // A session ({token, user}), or for a user with a second factor a challenge to complete.
  let body: { token?: string; twoFactorRequired?: true; challenge?: string } | undefined
  if (code) {
    const answer = await exchange()
    if (answer.status !== 200) throw new Error(`exchange failed: ${answer.status} ${await answer.text()}`)
    body = (await answer.json()) as typeof body
  }
  return { final, code, signInCookie, token: body?.token, body, exchange }
}

/** Opens the newest confirmation link mailed to `email`, as the address' owner would. */
export async function confirmAddress(http: Client, dataDir: string, email: string) {
  const link = await waitForMail(() => confirmLinkFor(dataDir, email))
  const answer = await http.post('/api/auth/verify-email', { token: new URL(link).searchParams.get('token') })
  if (answer.status !== 200) throw new Error(`confirming failed: ${answer.status} ${answer.text}`)
}

/** Invites a new person into `by`'s account with `role`; they sign up from the mailed link. */
export async function invitedMember(http: Client, server: TestServer, by: SignedIn, role: 'admin' | 'member' | 'viewer', label: string = role): Promise<SignedIn> {
  const email = uniqueEmail(label)
  const invited = await http.post('/api/members/invitations', { email, role }, { token: by.token })
  if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status} ${invited.text}`)
  const token = await waitForMail(() => invitationTokenFor(server.dataDir, email))
  const answer = await http.post(`/api/invitations/${token}/signup`, { password: PASSWORD })
  if (answer.status !== 201) throw new Error(`signup by invitation failed: ${answer.status} ${answer.text}`)
  return { token: answer.body.token, user: answer.body.user, email, password: PASSWORD }
}
