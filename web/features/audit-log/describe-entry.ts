// An entry in words, for the table and the cards: who, what, and the fields that changed.
import type { AuditEntry } from './api'

// A changed value is shown whole up to this many characters (a long target URL, app files).
const VALUE_MAX = 80

/** A value before or after a change, as a person reads it: none, on or off, a list, text. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none'
  if (typeof value === 'boolean') return value ? 'on' : 'off'
  const text = Array.isArray(value) && value.every((item) => typeof item === 'string') ? value.join(', ') || 'none' : typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text
}

/** Each field that changed, with its values: "title: Launch page → Launch day", or just the value a thing was made or removed with. */
export function describeChanges(changes: AuditEntry['changes']): string[] {
  return Object.entries(changes ?? {}).map(([field, { from, to }]) => {
    if (from === null) return `${field}: ${describeValue(to)}`
    if (to === null) return `${field}: ${describeValue(from)} → none`
    return `${field}: ${describeValue(from)} → ${describeValue(to)}`
  })
}

const ACTOR_KINDS: Record<AuditEntry['actor']['type'], string> = { user: '', api_key: 'API key', admin: 'Linkcard', system: 'Automatic' }

/** Who acted, and what they are when they are not a person of the account. */
export const describeActor = (actor: AuditEntry['actor']) => ({ name: actor.name, kind: ACTOR_KINDS[actor.type] })
