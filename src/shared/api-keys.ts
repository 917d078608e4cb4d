// API keys and the public API's limits, shared
// word for word by the server, the API-keys screen and the docs tester.

export const API_KEY_PREFIX = 'lnk_'
/** Random base62 characters after the prefix: about 238 bits. */
export const API_KEY_RANDOM_LENGTH = 40
export const API_KEY_NAME_MAX = 100
export const API_KEY_DESCRIPTION_MAX = 500
/** Active keys an account may hold at once; revoked keys do not count. */
export const MAX_ACTIVE_API_KEYS = 50

/** What a key may do; a key made before scopes existed may do everything. */
export const API_KEY_SCOPES = ['links:read', 'links:write', 'analytics:read', 'domains:read'] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

export const API_KEY_SCOPE_NAMES: Record<ApiKeyScope, string> = {
  'links:read': 'Read links (list, find, export)',
  'links:write': 'Create, change and delete links; upload images',
  'analytics:read': "Read links' clicks, scans and previews",
  'domains:read': "Read the account's custom domain",
}

/** Whether a key with these scopes (null: a key from before scopes, which may do everything) may make a call needing `scope`. */
export const keyAllows = (scopes: readonly ApiKeyScope[] | null, scope: ApiKeyScope) => scopes === null || scopes.includes(scope)

/** How long a rolled key keeps working beside its replacement, in hours: 0 ends it at once. */
export const API_KEY_GRACE_HOURS = [0, 1, 24, 168] as const
export type ApiKeyGraceHours = (typeof API_KEY_GRACE_HOURS)[number]

export const API_KEY_GRACE_NAMES: Record<ApiKeyGraceHours, string> = { 0: 'Right away', 1: '1 hour', 24: '24 hours', 168: '7 days' }

export const API_RATE_LIMITS = { perMinute: 100, perHour: 1000, perDay: 10_000 } as const

export const API_KEY_MESSAGES = {
  nameRequired: 'Please provide a name for your API key.',
  nameTooLong: `The name must be at most ${API_KEY_NAME_MAX} characters.`,
  descriptionTooLong: `The description must be at most ${API_KEY_DESCRIPTION_MAX} characters.`,
  tooManyKeys: `You can have at most ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one you no longer use first.`,
  notFound: 'API key not found.',
  scopesRequired: 'Choose at least one thing the key may do.',
  missingScope: (scope: string) => `This API key lacks the ${scope} scope this call needs. Create a key with it on the API Keys screen.`,
  alreadyRolled: 'This key has already been rolled. Roll the key that replaced it instead.',
  rollRevoked: 'This key is revoked. Create a new key instead.',
  graceHours: `graceHours must be one of ${API_KEY_GRACE_HOURS.join(', ')}.`,
  testerKeyRequired: 'Please enter your API key',
  testerKeyPrefix: "API key must start with 'lnk_'",
} as const

/** How listings show a key: the prefix and the last 4 characters, all that is kept besides its hash. */
export const maskApiKey = (last4: string) => `${API_KEY_PREFIX}…${last4}`

/** The tester's clean-up: whitespace and non-ASCII characters are dropped. */
export const cleanApiKeyInput = (raw: string) => raw.replace(/[^\x21-\x7e]/g, '')

/** The tester's check of a cleaned key: the product's message, or undefined when it may be sent. */
export function apiKeyInputError(key: string): string | undefined {
  if (!key) return API_KEY_MESSAGES.testerKeyRequired
  if (!key.startsWith(API_KEY_PREFIX)) return API_KEY_MESSAGES.testerKeyPrefix
  return undefined
}

