import { Elysia, t } from 'elysia'
import { auth } from '../auth/plugin'
import { UtmPreset, UtmPresetChanges, UtmPresetInput } from './schema'
import { createUtmPreset, deleteUtmPreset, listUtmPresets, updateUtmPreset } from './service'

const tags = ['UTM presets (app)']
const IdParams = t.Object({ id: t.String() })

/** The account's UTM presets: listed by name, added, changed, deleted. */
export const utmPresetRoutes = new Elysia({ prefix: '/utmPresets' })
  .use(auth)
  .get('/', ({ user }) => listUtmPresets(user), { session: true, response: t.Array(UtmPreset), detail: { summary: "The account's UTM presets, A to Z", tags, hide: true } })
  .post(
    '/',
    async ({ user, body, set }) => {
      set.status = 201
      return createUtmPreset(user, body)
    },
    { session: 'links:write', body: UtmPresetInput, response: { 201: UtmPreset }, detail: { summary: 'Add a UTM preset', tags, hide: true } },
  )
  .patch('/:id', ({ user, params, body }) => updateUtmPreset(user, params.id, body), {
    session: 'links:write',
    params: IdParams,
    body: UtmPresetChanges,
    response: UtmPreset,
    detail: { summary: 'Rename a UTM preset or change its parameters', tags, hide: true },
  })
  .delete(
    '/:id',
    async ({ user, params, set }) => {
      await deleteUtmPreset(user, params.id)
      set.status = 204
    },
    { session: 'links:write', params: IdParams, detail: { summary: 'Delete a UTM preset', tags, hide: true } },
  )
