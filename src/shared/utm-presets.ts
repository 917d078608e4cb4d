// UTM presets: an account's named sets of campaign parameters, applied in the link form's UTM
// builder. Shared by the server, which enforces them, and the web app.
import { hasControlCharacters, nameKey } from './text'
import { UTM_VALUE_MAX, type UtmField } from './tracking'

export const UTM_PRESET_NAME_MAX = 60
export const UTM_PRESETS_PER_ACCOUNT_MAX = 100

export const UTM_PRESET_MESSAGES = {
  name: `A preset name is 1 to ${UTM_PRESET_NAME_MAX} characters on one line.`,
  value: (field: UtmField) => `${field} is at most ${UTM_VALUE_MAX} characters on one line.`,
  tooMany: `An account has at most ${UTM_PRESETS_PER_ACCOUNT_MAX} UTM presets; delete some first.`,
  taken: 'You already have a preset with this name.',
  notFound: 'Preset not found.',
} as const

/** What is wrong with a preset name (trimmed), or undefined. */
export function utmPresetNameError(name: string): string | undefined {
  if (!name || name.length > UTM_PRESET_NAME_MAX || hasControlCharacters(name)) return UTM_PRESET_MESSAGES.name
  return undefined
}

/** What is wrong with one parameter's value (trimmed), or undefined. */
export function utmValueError(field: UtmField, value: string): string | undefined {
  if (value.length > UTM_VALUE_MAX || hasControlCharacters(value)) return UTM_PRESET_MESSAGES.value(field)
  return undefined
}

/** The key two names share when they read the same (nameKey): one preset in an account. */
export const utmPresetKey = nameKey
