import { t } from 'elysia'
import { API_KEY_DESCRIPTION_MAX, API_KEY_GRACE_HOURS, API_KEY_MESSAGES, API_KEY_NAME_MAX, API_KEY_SCOPES } from '../../shared/api-keys'

const Scope = t.UnionEnum(API_KEY_SCOPES, { error: `scopes must hold only ${API_KEY_SCOPES.join(', ')}.` })

// Lengths and blank names are checked by the service, so every message is the product's own.
export const ApiKeyInput = t.Object(
  {
    name: t.String({ error: API_KEY_MESSAGES.nameRequired, description: `Where the key is used (up to ${API_KEY_NAME_MAX} characters)` }),
    description: t.Optional(t.Nullable(t.String({ description: `Notes for your team (up to ${API_KEY_DESCRIPTION_MAX} characters)` }))),
    scopes: t.Optional(
      t.Array(Scope, {
        minItems: 1,
        maxItems: API_KEY_SCOPES.length,
        error: API_KEY_MESSAGES.scopesRequired,
        description: `What the key may do: ${API_KEY_SCOPES.join(', ')}; all of them when left out`,
      }),
    ),
  },
  { error: API_KEY_MESSAGES.nameRequired },
)
export type ApiKeyInput = typeof ApiKeyInput.static

export const ApiKey = t.Object({
  id: t.String(),
  name: t.String(),
  description: t.Nullable(t.String()),
  scopes: t.Array(Scope, { description: 'What the key may do (a key made before scopes may do everything)' }),
  maskedKey: t.String({ description: 'lnk_… and the last 4 characters: all that is kept of the key besides its hash' }),
  lastUsed: t.Nullable(t.String({ format: 'date-time', description: 'Last call made with the key (kept current to about a minute)' })),
  createdAt: t.String({ format: 'date-time' }),
  revokedAt: t.Nullable(t.String({ format: 'date-time' })),
  expiresAt: t.Nullable(t.String({ format: 'date-time', description: 'When a rolled key stops working (null: until it is revoked)' })),
  replacedBy: t.Nullable(t.String({ description: 'The id of the key that replaced this one when it was rolled' })),
})
export type ApiKey = typeof ApiKey.static

export const RollApiKeyInput = t.Object({
  graceHours: t.Optional(
    t.Union(
      API_KEY_GRACE_HOURS.map((hours) => t.Literal(hours)),
      { error: API_KEY_MESSAGES.graceHours, description: `How long the old key keeps working, in hours: ${API_KEY_GRACE_HOURS.join(', ')} (0, the default: it stops at once)` },
    ),
  ),
})
export type RollApiKeyInput = typeof RollApiKeyInput.static

export const CreatedApiKey = t.Object({
  ...ApiKey.properties,
  key: t.String({ description: 'The whole key, shown this once: only its hash is stored' }),
})
export type CreatedApiKey = typeof CreatedApiKey.static
