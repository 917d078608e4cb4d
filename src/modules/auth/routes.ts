import { randomBytes } from 'node:crypto'
import { Elysia, t } from 'elysia'
import { config } from '../../platform/config'
import { clientIp } from '../../platform/http'
import { FLOW_COOKIE, finishSignIn, listProviders, startSignIn } from './identity-providers'
import { auth, clientOf } from './plugin'
import {
  CodeInput,
  CurrentUser,
  DeleteAccountInput,
  EmailChangeStarted,
  EmailStatus,
  TokenInput,
  ForgotPasswordInput,
  LoginInput,
  Message,
  ProviderList,
  RecoveryCodes,
  Passkey,
  PasskeyAdded,
  PasskeyChallengeInput,
  PasskeyList,
  PasskeyNameInput,
  PasskeyOptions,
  PasskeyRegistrationInput,
  PasskeySignInInput,
  ResetPasswordInput,
  SecondFactorInput,
  SecondFactorStatus,
  Session,
  SessionList,
  SessionParams,
  SignIn,
  SignupInput,
  TotpCodeInput,
  TotpSetup,
  UpdateEmailInput,
  UpdatePasswordInput,
} from './schema'
import * as passkeys from './passkeys'
import * as factors from './second-factors'
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
      return service.signup(body, clientOf(request, server))
    },
    { body: SignupInput, response: { 201: Session }, detail: { summary: 'Create an account', tags } },
  )
  .post(
    '/login',
    async ({ body, request, server, set }) => {
      Object.assign(set.headers, noStore)
      return service.login(body, clientOf(request, server))
    },
    {
      body: LoginInput,
      response: SignIn,
      detail: { summary: 'Sign in: a session, or for a user with a second factor a challenge to complete with a code', tags },
    },
  )
  .post(
    '/2fa/verify',
    async ({ body, request, server, set }) => {
      Object.assign(set.headers, noStore)
      return service.completeSecondFactor(body, clientOf(request, server))
    },
    { body: SecondFactorInput, response: Session, detail: { summary: 'Complete a sign-in with an authenticator code, a recovery code or a passkey', tags } },
  )
  .post('/2fa/passkey-options', ({ body }) => service.secondFactorPasskeyOptions(body.challenge), {
    body: PasskeyChallengeInput,
    response: t.Record(t.String(), t.Unknown()),
    detail: { summary: "Options for the browser's passkey in the step after the password", tags },
  })
  .post('/passkeys/sign-in-options', () => passkeys.authenticationOptions(), {
    response: PasskeyOptions,
    detail: { summary: 'Start a sign-in with a passkey alone: options for the browser, and the ticket to send back', tags },
  })
  .post(
    '/passkeys/sign-in',
    async ({ body, request, server, set }) => {
      Object.assign(set.headers, noStore)
      return service.signInWithPasskey(body.ticket, body.response as never, clientOf(request, server))
    },
    { body: PasskeySignInInput, response: Session, detail: { summary: 'Sign in with a passkey', tags } },
  )
  .get('/passkeys', ({ user }) => passkeys.listPasskeys(user.id), { session: 'before-second-factor', response: PasskeyList, detail: { summary: "The signed-in user's passkeys", tags } })
  .post('/passkeys/options', ({ user }) => passkeys.registrationOptions(user), {
    session: 'before-second-factor',
    response: PasskeyOptions,
    detail: { summary: 'Start registering a passkey: options for the browser, and the ticket to send back', tags },
  })
  .post(
    '/passkeys',
    async ({ user, body, set }) => {
      set.status = 201
      return service.addPasskey(user, { ...body, response: body.response as never })
    },
    { session: 'before-second-factor', body: PasskeyRegistrationInput, response: { 201: PasskeyAdded }, detail: { summary: 'Register a passkey under a name', tags } },
  )
  .patch('/passkeys/:id', ({ user, params, body }) => passkeys.renamePasskey(user.id, params.id, body.name), {
    session: 'before-second-factor',
    body: PasskeyNameInput,
    response: Passkey,
    detail: { summary: 'Rename a passkey', tags },
  })
  .delete(
    '/passkeys/:id',
    async ({ user, params, set }) => {
      await service.removePasskey(user, params.id)
      set.status = 204
    },
    { session: 'before-second-factor', detail: { summary: 'Remove a passkey', tags } },
  )
  .get('/2fa', ({ user }) => factors.secondFactorStatus(user.id), {
    session: 'before-second-factor',
    response: SecondFactorStatus,
    detail: { summary: "The signed-in user's second factors", tags },
  })
  .post(
    '/2fa/totp/setup',
    ({ user, set }) => {
      Object.assign(set.headers, noStore)
      return factors.startTotp(user)
    },
    { session: 'before-second-factor', response: TotpSetup, detail: { summary: 'Start setting up an authenticator app: its secret and QR address', tags } },
  )
  .post(
    '/2fa/totp/enable',
    ({ user, body, set }) => {
      Object.assign(set.headers, noStore)
      return service.enableTotp(user, body.code)
    },
    { session: 'before-second-factor', body: TotpCodeInput, response: RecoveryCodes, detail: { summary: 'Turn the authenticator on with a first code; answers the recovery codes once', tags } },
  )
  .delete(
    '/2fa/totp',
    async ({ user, body, set }) => {
      await service.turnOffSecondFactor(user, body)
      set.status = 204
    },
    { session: 'before-second-factor', body: DeleteAccountInput, detail: { summary: 'Turn two-factor authentication off (password, or the e-mail address typed out without one)', tags } },
  )
  .get('/me', ({ user }) => service.currentUser(user), { session: 'before-second-factor', response: CurrentUser, detail: { summary: 'The signed-in user', tags } })
  .post(
    '/logout',
    async ({ user, set }) => {
      await service.endSession(user)
      set.status = 204
    },
    { session: 'before-second-factor', detail: { summary: 'Sign out: this session token is refused from now on', tags } },
  )
  .post(
    '/logout-everywhere',
    async ({ user, set }) => {
      await service.endEverySession(user)
      set.status = 204
    },
    { session: 'before-second-factor', detail: { summary: 'Sign out everywhere: every session of this user ends, this one included', tags } },
  )
  .get('/sessions', ({ user }) => service.listSessions(user), {
    session: true,
    response: SessionList,
    detail: { summary: 'The sessions the user is signed in with, and where', tags },
  })
  .delete(
    '/sessions/:id',
    async ({ user, params, set }) => {
      await service.endSessionById(user, params.id)
      set.status = 204
    },
    { session: true, params: SessionParams, detail: { summary: 'End a session: its token is refused from now on', tags } },
  )
  .post(
    '/exchange',
    async ({ body, cookie, request, server, set }) => {
      Object.assign(set.headers, noStore)
      const binding = cookie[SIGN_IN_COOKIE].value as string | undefined
      // One try per cookie: it goes with the first exchange, good or bad.
      cookie[SIGN_IN_COOKIE].set({ value: '', httpOnly: true, sameSite: 'strict', secure: secureCookies, path: SIGN_IN_COOKIE_PATH, maxAge: 0 })
      return service.exchangeSignInCode(body.code, binding, clientOf(request, server))
    },
    { body: CodeInput, response: SignIn, detail: { summary: 'Exchange the one-time code of a provider sign-in for a session, or a second-factor challenge', tags } },
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
  .patch('/update-password', ({ user, body, request, server }) => service.updatePassword(user, body.currentPassword, body.newPassword, clientOf(request, server)), {
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
