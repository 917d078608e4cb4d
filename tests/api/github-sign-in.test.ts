// Sign-in with GitHub end to end, against a local server that answers as GitHub's OAuth endpoints
// and REST API do (tests/helpers/github-server.ts), configured as a GitHub Enterprise Server.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { confirmAddress, exchangeProviderReturn, PASSWORD, signUp } from '../helpers/accounts'
import { startGitHub, type GitHubUser } from '../helpers/github-server'
import { client, uniqueEmail, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'

const CLIENT = { id: 'linkcard-github-test', secret: 'github-test-secret' }
let github: ReturnType<typeof startGitHub>
let server: TestServer
let http: Client
let nextId = 1000

beforeAll(async () => {
  github = startGitHub(CLIENT)
  server = await startServer({
    env: { GITHUB_CLIENT_ID: CLIENT.id, GITHUB_CLIENT_SECRET: CLIENT.secret, GITHUB_URL: github.url, GITHUB_API_URL: `${github.url}/api/v3` },
  })
  http = client(server.url)
})
afterAll(async () => {
  await server.close()
  github.stop()
})

const gitHubUser = (emails: GitHubUser['emails'], id = ++nextId): GitHubUser => ({ id, login: `user${id}`, emails })

/** Walks the browser's redirects: Linkcard → GitHub → Linkcard callback; answers the final URL. */
async function signInWithGitHub(from: 'login' | 'signup', user: GitHubUser) {
  github.state.nextUser = user
  const start = await fetch(`${server.url}/api/auth/github?from=${from}`, { redirect: 'manual' })
  expect(start.status).toBe(302)
  const cookie = start.headers.get('set-cookie')!.split(';')[0]
  const authorize = new URL(start.headers.get('location')!)
  expect(authorize.origin + authorize.pathname).toBe(`${github.url}/login/oauth/authorize`)
  const approved = await fetch(authorize, { redirect: 'manual' })
  expect(approved.status).toBe(302)
  const callback = approved.headers.get('location')!
  expect(callback.startsWith(`${server.url}/api/auth/github/callback?`)).toBe(true)
  const done = await fetch(callback, { redirect: 'manual', headers: { cookie } })
  expect(done.status).toBe(302)
  return { ...(await exchangeProviderReturn(server.url, done)), authorize, callback, cookie }
}

describe('sign-in with GitHub', () => {
  it('lists GitHub as a provider', async () => {
    expect((await http.get('/api/auth/providers')).body).toEqual([{ id: 'github', name: 'GitHub' }])
  })

  it('asks for the profile and e-mails with PKCE and state, and signs up with the primary verified e-mail', async () => {
    const primary = uniqueEmail('octo')
    const user = gitHubUser([
      { email: uniqueEmail('old'), primary: false, verified: true },
      { email: primary, primary: true, verified: true },
    ])
    const { final, authorize, token } = await signInWithGitHub('signup', user)
    expect(authorize.searchParams.get('scope')).toBe('read:user user:email')
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('state')).toBeTruthy()
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT.id)
    expect(final.pathname).toBe('/signup')
    expect(final.searchParams.get('error')).toBeNull()
    expect(final.searchParams.get('token')).toBeNull()
    const me = await http.get('/api/auth/me', { token })
    expect(me.status).toBe(200)
    expect(me.body.user.email).toBe(primary)
  })

  it('knows the same GitHub account again by its id, after a new login name and e-mail', async () => {
    const user = gitHubUser([{ email: uniqueEmail('first'), primary: true, verified: true }])
    const first = await signInWithGitHub('login', user)
    const renamed: GitHubUser = { ...user, login: 'renamed', emails: [{ email: uniqueEmail('second'), primary: true, verified: true }] }
    const second = await signInWithGitHub('login', renamed)
    expect(second.final.pathname).toBe('/login')
    const a = await http.get('/api/auth/me', { token: first.token })
    const b = await http.get('/api/auth/me', { token: second.token })
    expect(b.body.user.id).toBe(a.body.user.id)
  })

  it('joins an existing password account whose e-mail GitHub has verified and its owner confirmed', async () => {
    const person = await signUp(http)
    await confirmAddress(http, server.dataDir, person.email)
    const { final, token } = await signInWithGitHub('login', gitHubUser([{ email: person.email.toUpperCase(), primary: true, verified: true }]))
    expect(final.searchParams.get('notice')).toBeNull()
    const me = await http.get('/api/auth/me', { token })
    expect(me.body.user.id).toBe(person.user.id)
    expect((await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).status).toBe(200)
  })

  it('takes an unconfirmed password account back before joining it, and says so', async () => {
    const squatter = await signUp(http)
    const { final, token } = await signInWithGitHub('login', gitHubUser([{ email: squatter.email, primary: true, verified: true }]))
    expect(final.searchParams.get('notice')).toBe('account_reclaimed')
    expect((await http.get('/api/auth/me', { token })).body.user.id).toBe(squatter.user.id)
    expect((await http.get('/api/auth/me', { token: squatter.token })).status).toBe(401)
    expect((await http.post('/api/auth/login', { email: squatter.email, password: PASSWORD })).status).toBe(401)
  })

  it('refuses to join an existing account through an e-mail GitHub has not verified', async () => {
    const person = await signUp(http)
    const { final } = await signInWithGitHub('login', gitHubUser([{ email: person.email, primary: true, verified: false }]))
    expect(final.searchParams.get('error')).toBe('email_not_verified')
    expect(final.searchParams.get('token')).toBeNull()
  })

  it('answers error=no_email for a GitHub account without e-mail addresses', async () => {
    const { final } = await signInWithGitHub('signup', gitHubUser([]))
    expect(final.pathname).toBe('/signup')
    expect(final.searchParams.get('error')).toBe('no_email')
    expect(final.searchParams.get('provider')).toBe('GitHub')
  })

  it('fails safely when GitHub is down, when the code is replayed, and without the round-trip cookie', async () => {
    github.state.apiFailure = 502
    try {
      const { final } = await signInWithGitHub('login', gitHubUser([{ email: uniqueEmail('down'), primary: true, verified: true }]))
      expect(final.searchParams.get('error')).toBe('sign_in_failed')
      expect(final.searchParams.get('token')).toBeNull()
    } finally {
      github.state.apiFailure = undefined
    }

    const { callback, cookie } = await signInWithGitHub('login', gitHubUser([{ email: uniqueEmail('replay'), primary: true, verified: true }]))
    // The code was used once already: GitHub refuses it, and Linkcard signs nobody in.
    const replayed = await fetch(callback, { redirect: 'manual', headers: { cookie } })
    expect(new URL(replayed.headers.get('location')!, server.url).searchParams.get('error')).toBe('sign_in_failed')
    const noCookie = await fetch(callback, { redirect: 'manual' })
    expect(new URL(noCookie.headers.get('location')!, server.url).searchParams.get('error')).toBe('sign_in_failed')
  })

  it('says access_denied when the person declines on GitHub', async () => {
    const start = await fetch(`${server.url}/api/auth/github?from=login`, { redirect: 'manual' })
    const cookie = start.headers.get('set-cookie')!.split(';')[0]
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!
    const declined = await fetch(`${server.url}/api/auth/github/callback?error=access_denied&state=${state}`, { redirect: 'manual', headers: { cookie } })
    expect(new URL(declined.headers.get('location')!, server.url).searchParams.get('error')).toBe('access_denied')
  })

  it('refuses to start with a clear message when GITHUB_URL is not an http(s) address', async () => {
    const child = Bun.spawn(['bun', 'src/index.ts'], {
      cwd: join(import.meta.dir, '../..'),
      env: { ...process.env, GITHUB_URL: 'ftp://github.example.com', DATA_DIR: mkdtempSync(join(tmpdir(), 'linkcard-github-')) },
      stderr: 'pipe',
      stdout: 'pipe',
    })
    expect(await child.exited).toBe(1)
    expect(await new Response(child.stderr).text()).toContain('GITHUB_URL must start with http:// or https://, got "ftp://github.example.com".')
  })
})
