import { Elysia, t } from 'elysia'
import { auth, clientOf } from '../auth/plugin'
import { AccountMembership, CurrentUser, DeleteAccountInput, Session } from '../auth/schema'
import { AccountInput, Invitation, InvitationInput, InvitationPreview, InvitedSignupInput, Members, RoleInput, TransferInput } from './schema'
import * as service from './service'

const tags = ['Members (app)']
const UserParams = t.Object({ userId: t.String({ maxLength: 100 }) })
const TokenParams = t.Object({ token: t.String({ maxLength: 200 }) })
const noStore = { 'cache-control': 'no-store' }

export const memberRoutes = new Elysia({ prefix: '/members' })
  .use(auth)
  .get('/', ({ user }) => service.listMembers(user), { session: true, response: Members, detail: { summary: "The account's members and pending invitations", tags, hide: true } })
  .post(
    '/invitations',
    async ({ user, body, set }) => {
      set.status = 201
      return service.invite(user, body)
    },
    { session: 'members:manage', body: InvitationInput, response: { 201: Invitation }, detail: { summary: 'Invite someone by e-mail', tags, hide: true } },
  )
  .delete(
    '/invitations/:id',
    async ({ user, params, set }) => {
      await service.withdrawInvitation(user, params.id)
      set.status = 204
    },
    { session: 'members:manage', params: t.Object({ id: t.String({ maxLength: 100 }) }), detail: { summary: 'Withdraw an invitation', tags, hide: true } },
  )
  .patch('/:userId', ({ user, params, body }) => service.changeRole(user, params.userId, body.role), {
    session: 'members:manage',
    params: UserParams,
    body: RoleInput,
    response: Members,
    detail: { summary: "Change a member's role", tags, hide: true },
  })
  .delete(
    '/:userId',
    async ({ user, params, set }) => {
      await service.removeMember(user, params.userId)
      set.status = 204
    },
    // Anyone may leave; removing someone else needs members:manage (checked by the service).
    { session: true, params: UserParams, detail: { summary: 'Remove a member, or leave the account', tags, hide: true } },
  )
  .post(
    '/transfer',
    async ({ user, body, set }) => {
      await service.transferOwnership(user, body.userId)
      set.status = 204
    },
    // Only the owner may (checked by the service, which says so).
    { session: true, body: TransferInput, detail: { summary: 'Make another member the owner', tags, hide: true } },
  )

export const invitationRoutes = new Elysia({ prefix: '/invitations' })
  .use(auth)
  .get(
    '/:token',
    ({ params, set }) => {
      Object.assign(set.headers, noStore)
      return service.previewInvitation(params.token)
    },
    { params: TokenParams, response: InvitationPreview, detail: { summary: 'An invitation, as its link shows it', tags, hide: true } },
  )
  .post(
    '/:token/accept',
    ({ user, params, request, server, set }) => {
      Object.assign(set.headers, noStore)
      return service.acceptInvitation(user, params.token, clientOf(request, server))
    },
    { session: true, params: TokenParams, response: Session, detail: { summary: 'Accept an invitation as the signed-in user', tags, hide: true } },
  )
  .post(
    '/:token/signup',
    async ({ params, body, request, server, set }) => {
      set.status = 201
      Object.assign(set.headers, noStore)
      return service.signUpByInvitation(params.token, body.password, clientOf(request, server))
    },
    { params: TokenParams, body: InvitedSignupInput, response: { 201: Session }, detail: { summary: 'Accept an invitation by signing up', tags, hide: true } },
  )

// The accounts a person belongs to, among the signed-in user's own calls (/api/auth).
const accountTags = ['Account']

export const accountRoutes = new Elysia({ prefix: '/auth' })
  .use(auth)
  .get('/accounts', ({ user }) => service.accountsOf(user), {
    session: 'before-second-factor',
    response: t.Array(AccountMembership),
    detail: { summary: 'The accounts the user belongs to', tags: accountTags },
  })
  .patch('/account', ({ user, body }) => service.changeAccount(user, body), {
    session: 'domains:manage',
    body: AccountInput,
    response: CurrentUser,
    detail: { summary: 'Rename the workspace you work in (owners and admins), or require a second factor of every member (the owner)', tags: accountTags },
  })
  .post('/switch-account', ({ user, body }) => service.switchAccount(user, body.accountId), {
    session: 'before-second-factor',
    body: t.Object({ accountId: t.String({ maxLength: 100 }) }),
    response: CurrentUser,
    detail: { summary: 'Work in another of your accounts (on every device)', tags: accountTags },
  })
  .delete(
    '/delete-account',
    async ({ user, body, set }) => {
      await service.deleteOwnAccount(user, body)
      set.status = 204
    },
    {
      session: true,
      body: DeleteAccountInput,
      detail: { summary: 'Delete the signed-in user (and the account with its last user), given their password or, without one, their e-mail address', tags: accountTags },
    },
  )
