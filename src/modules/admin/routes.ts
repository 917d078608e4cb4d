// /api/admin: super admins only (401 without a session, 403 for anyone else). Query values and the
// plan are checked by the service, so the permission check always answers first.
import { Elysia, t } from 'elysia'
import { auth } from '../auth/plugin'
import { AdminAccountList, AdminLinkList, AdminMember, AdminStats, AdminUser, AdminUserList, AuditLog } from './schema'
import * as service from './service'

const tags = ['Admin']
const IdParams = t.Object({ id: t.String() })
const detail = (summary: string) => ({ summary, tags, hide: true })

export const adminRoutes = new Elysia({ prefix: '/admin' })
  .use(auth)
  .get('/stats', () => service.adminStats(), { superAdmin: true, response: AdminStats, detail: detail('Totals of accounts, users, links and clicks') })
  .get('/accounts', ({ query }) => service.listAccounts(query), {
    superAdmin: true,
    response: AdminAccountList,
    detail: detail("A page of accounts: page, limit, search (name or a member's e-mail), sortBy createdAt|name|plan, sortOrder"),
  })
  .get('/accounts/:id/links', ({ params, query }) => service.linksOfAccount(params.id, query), {
    superAdmin: true,
    params: IdParams,
    response: AdminLinkList,
    detail: detail("A page of an account's links"),
  })
  .get('/accounts/:id/members', ({ params }) => service.membersOfAccount(params.id), {
    superAdmin: true,
    params: IdParams,
    response: t.Array(AdminMember),
    detail: detail("An account's members with their roles, oldest first"),
  })
  .delete(
    '/accounts/:id',
    async ({ user, params, set }) => {
      await service.deleteAccount(user, params.id)
      set.status = 204
    },
    { superAdmin: true, params: IdParams, detail: detail('Delete an account with its users and links') },
  )
  .get('/users', ({ query }) => service.listUsers(query), {
    superAdmin: true,
    response: AdminUserList,
    detail: detail('A page of users: page, limit, search (e-mail), sortBy createdAt|email|name|plan, sortOrder'),
  })
  .get('/users/:id/links', ({ params, query }) => service.linksOfUser(params.id, query), {
    superAdmin: true,
    params: IdParams,
    response: AdminLinkList,
    detail: detail('A page of the links a user created'),
  })
  .patch('/users/:id/plan', ({ user, params, body }) => service.changeUserPlan(user, params.id, body), {
    superAdmin: true,
    params: IdParams,
    response: AdminUser,
    detail: detail("Move a user's account to another plan"),
  })
  .post(
    '/users/:id/reset-second-factors',
    async ({ user, params, set }) => {
      await service.resetSecondFactors(user, params.id)
      set.status = 204
    },
    { superAdmin: true, params: IdParams, detail: detail("Remove a user's authenticator, passkeys and recovery codes; they are mailed") },
  )
  .delete(
    '/users/:id',
    async ({ user, params, set }) => {
      await service.deleteUser(user, params.id)
      set.status = 204
    },
    { superAdmin: true, params: IdParams, detail: detail('Delete a user and their links (and the account with its last user)') },
  )
  .delete(
    '/links/:id',
    async ({ user, params, set }) => {
      await service.deleteLink(user, params.id)
      set.status = 204
    },
    { superAdmin: true, params: IdParams, detail: detail("Delete any account's link") },
  )
  .get('/audit-log', ({ query }) => service.auditLog(query), {
    superAdmin: true,
    response: AuditLog,
    detail: detail("A page of admin changes: page, limit, search (the admin's e-mail, the action, the target or its details), sortBy createdAt, sortOrder"),
  })
