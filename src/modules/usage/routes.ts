import { Elysia } from 'elysia'
import { auth } from '../auth/plugin'
import { Usage } from './schema'
import { usageOf } from './service'

export const usageRoutes = new Elysia().use(auth).get('/usage', ({ user }) => usageOf(user.accountId), {
  session: true,
  response: Usage,
  detail: { summary: 'Plan and usage this billing period', tags: ['Usage'], hide: true },
})
