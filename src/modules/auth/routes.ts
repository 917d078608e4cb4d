import { randomBytes } from 'node:crypto'
import { Elysia, t } from 'elysia'
import { config } from '../../platform/config'
import { clientIp } from '../../platform/http'
import { FLOW_COOKIE, finishSignIn, listProviders, startSignIn } from './identity-providers'
import { auth } from './plugin'
import {
  CodeInput,
  CurrentUser,
  EmailChangeStarted,
  EmailStatus,
  TokenInput,
  ForgotPasswordInput,
  LoginInput,
  Message,
  ProviderList,
  ResetPasswordInput,
  Session,
  SignupInput,
  UpdateEmailInput,
  UpdatePasswordInput,
} from './schema'
import * as service from './service'

const tags = ['Account']
const noStore = { 'cache-control': 'no-store' }
// Set on the browser that finished a provider sign-in; the one-time code works only beside it.
const SIGN_IN_COOKIE = 'lc_signin'
const SIGN_IN_COOKIE_PATH = '/api/auth/exchange'
const secureCookies = config.publicUrl.startsWith('https:')

export const authRoutes = new Elysia({ prefix: '/auth' })
  .use(auth)
  .post(
    '/signup',
    async ({ body, request, server, set }) => {
      set.status = 201
      Object.assign(set.headers, noStore)
      return service.signup(body, clientIp(request, server))
    },
    { body: SignupInput, response: { 201: Session }, detail: { summary: 'Create an account', tags } },
  )
  .post(
    '/login',
    async ({ body, request, server, set }) => {
      Object.assign(set.headers, noStore)
      return service.login(body, clientIp(request, server))
    },
    { body: LoginInput, response: Session, detail: { summary: 'Sign in', tags } },
  )
  .get('/me', ({ user }) => service.currentUser(user), { session: true, response: CurrentUser, detail: { summary: 'The signed-in user', tags } })
  .post(
    '/logout',
    async ({ user, set }) => {
      await service.endSession(user)
      set.status = 204
    },
    { session: true, detail: { summary: 'Sign out: this session token is refused from now on', tags } },
  )
  .post(
    '/logout-everywhere',
    async ({ user, set }) => {
      await service.endEverySession(user)
      set.status = 204
    },
    { session: true, detail: { summary: 'Sign out everywhere: every session of this user ends, this one included', tags } },
  )
  .post(
    '/exchange',
    async ({ body, cookie, set }) => {
      Object.assign(set.headers, noStore)
      const binding = cookie[SIGN_IN_COOKIE].value as string | undefined
      // One try per cookie: it goes with the first exchange, good or bad.
      cookie[SIGN_IN_COOKIE].set({ value: '', httpOnly: true, sameSite: 'strict', secure: secureCookies, path: SIGN_IN_COOKIE_PATH, maxAge: 0 })
      return service.exchangeSignInCode(body.code, binding)
    },
    { body: CodeInput, response: Session, detail: { summary: 'Exchange the one-time code of a provider sign-in for a session', tags } },
  )
  .get('/email-status', ({ user }) => service.emailStatus(user), {
    session: true,
    response: EmailStatus,
    detail: { summary: 'Whether the e-mail address is confirmed', tags },
  })
  .post('/resend-verification', ({ user }) => service.resendConfirmation(user), {
    session: true,
    response: Message,
    detail: { summary: 'Mail a new confirmation link for the e-mail address', tags },
  })
  .post('/verify-email', ({ body }) => service.confirmEmail(body.token), {
    body: TokenInput,
    response: Message,
    detail: { summary: 'Open a mailed confirmation link (address confirmation or change)', tags },
  })
  .patch('/update-email', ({ user, body }) => service.updateEmail(user, body.email, body.currentPassword), {
    session: true,
    body: UpdateEmailInput,
    response: EmailChangeStarted,
    detail: { summary: 'Change the e-mail address: applies when the new address confirms; the old one is told', tags },
  })
  .patch('/update-password', ({ user, body }) => service.updatePassword(user, body.currentPassword, body.newPassword), {
    session: true,
    body: UpdatePasswordInput,
    response: Session,
    detail: { summary: 'Change the password; other sessions end', tags },
  })
  .post('/forgot-password', ({ body, request, server }) => service.requestPasswordReset(body.email, clientIp(request, server)), {
    body: ForgotPasswordInput,
    response: Message,
    detail: { summary: 'E-mail a password reset link', tags },
  })
  .post('/reset-password', ({ body, request, server }) => service.resetPassword(body.token, body.newPassword, clientIp(request, server)), {
    body: ResetPasswordInput,
    response: Message,
    detail: { summary: 'Choose a new password with a reset token', tags },
  })
  .get('/providers', () => listProviders(), { response: ProviderList, detail: { summary: 'Configured identity providers', tags } })
  .get(
    '/:provider',
    async ({ params, query, cookie, redirect }) => {
      const flow = await startSignIn(params.provider, query.from === 'signup' ? 'signup' : 'login')
      cookie[FLOW_COOKIE].set({
        value: flow.cookie,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        path: '/api/auth',
        maxAge: flow.maxAge,
      })
      return redirect(flow.url, 302)
    },
    { query: t.Object({ from: t.Optional(t.String()) }), detail: { summary: 'Start identity-provider sign-in', tags, hide: true } },
  )
  .get(
    '/:provider/callback',
    async ({ params, request, cookie, redirect }) => {
      const binding = randomBytes(32).toString('base64url')
      const target = await finishSignIn(params.provider, new URL(request.url).search, cookie[FLOW_COOKIE].value as string | undefined, binding)
      cookie[FLOW_COOKIE].remove()
      cookie[SIGN_IN_COOKIE].set({ value: binding, httpOnly: true, sameSite: 'strict', secure: secureCookies, path: SIGN_IN_COOKIE_PATH, maxAge: 120 })
      return redirect(target, 302)
    },
    { detail: { summary: 'Identity-provider callback', tags, hide: true } },
  )
