import { Elysia, t } from 'elysia'
import { config } from '../../platform/config'
import { clientIp } from '../../platform/http'
import { FLOW_COOKIE, finishSignIn, listProviders, startSignIn } from './identity-providers'
import { auth } from './plugin'
import {
  CurrentUser,
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
  .patch('/update-email', ({ user, body }) => service.updateEmail(user, body.email), {
    session: true,
    body: UpdateEmailInput,
    response: CurrentUser,
    detail: { summary: 'Change the e-mail address', tags },
  })
  .patch('/update-password', ({ user, body }) => service.updatePassword(user, body.currentPassword, body.newPassword), {
    session: true,
    body: UpdatePasswordInput,
    response: Session,
    detail: { summary: 'Change the password; other sessions end', tags },
  })
  .delete(
    '/delete-account',
    async ({ user, set }) => {
      await service.deleteOwnAccount(user)
      set.status = 204
    },
    { session: true, detail: { summary: 'Delete the signed-in user (and the account with its last user)', tags } },
  )
  .post('/forgot-password', ({ body, request, server }) => service.requestPasswordReset(body.email, clientIp(request, server)), {
    body: ForgotPasswordInput,
    response: Message,
    detail: { summary: 'E-mail a password reset link', tags },
  })
  .post('/reset-password', ({ body }) => service.resetPassword(body.token, body.newPassword), {
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
        secure: config.publicUrl.startsWith('https:'),
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
      const target = await finishSignIn(params.provider, new URL(request.url).search, cookie[FLOW_COOKIE].value as string | undefined)
      cookie[FLOW_COOKIE].remove()
      return redirect(target, 302)
    },
    { detail: { summary: 'Identity-provider callback', tags, hide: true } },
  )
