// Values a JSON Schema accepts, as fast-check arbitraries: what a client that builds its requests
// from the OpenAPI document may send. It knows the keywords the document's requests use and
// refuses any other, so a schema it cannot honour fails loudly rather than yielding values the
// schema does not accept.
import fc from 'fast-check'

type Schema = Record<string, any>

const KNOWN = new Set(['description', 'type', 'enum', 'const', 'anyOf', 'properties', 'required', 'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'items', 'minItems', 'maxItems', 'propertyNames', 'additionalProperties', 'maxProperties'])
const DAY_MS = 24 * 60 * 60_000

/** RFC 3339 with the offset given in minutes (0 as Z), to the millisecond or the second. */
function rfc3339(instant: Date, offsetMinutes: number, withMilliseconds: boolean) {
  const local = new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, withMilliseconds ? 23 : 19)
  if (offsetMinutes === 0) return `${local}Z`
  const offset = Math.abs(offsetMinutes)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${local}${offsetMinutes < 0 ? '-' : '+'}${two(Math.floor(offset / 60))}:${two(offset % 60)}`
}

const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  uri: () => fc.oneof(...(['small', 'medium'] as const).map((size) => fc.webUrl({ withQueryParameters: true, withFragments: true, size }))),
  // In the future: the one date-time a client sends is an expiry, which must be (its description
  // says so; a schema cannot).
  'date-time': () =>
    fc
      .tuple(
        fc.date({ min: new Date(Date.now() + DAY_MS), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true }),
        fc.oneof(fc.constant(0), fc.integer({ min: -12 * 60, max: 14 * 60 })),
        fc.boolean(),
      )
      .map(([instant, offset, withMilliseconds]) => rfc3339(instant, offset, withMilliseconds)),
}

/** Strings of a schema. Lengths are counted as the API counts them, in UTF-16 code units (a stricter count than JSON Schema's). */
function stringsOf(schema: Schema): fc.Arbitrary<string> {
  const { minLength = 0, maxLength = Number.POSITIVE_INFINITY, pattern, format } = schema
  const matches = pattern ? new RegExp(pattern, 'u') : undefined
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength && (!matches || matches.test(text))
  if (format !== undefined) {
    if (!FORMATS[format]) throw new Error(`no values for format ${format}`)
    return FORMATS[format]().filter(fits)
  }
  if (pattern) return fc.oneof(...(['small', 'medium'] as const).map((size) => fc.stringMatching(new RegExp(pattern), { size }))).filter(fits)
  return fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, minLength + 60) }).filter(fits)
}

function valuesOfType(type: string, schema: Schema): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 })
    case 'string':
      return stringsOf(schema)
    case 'array':
      return fc.array(valuesOf(schema.items), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 10, (schema.minItems ?? 0) + 10) })
    case 'object': {
      // A map: keys from the names allowed, each with a value of the one schema.
      if (schema.propertyNames?.enum && typeof schema.additionalProperties === 'object')
        return fc.dictionary(fc.constantFrom(...(schema.propertyNames.enum as string[])), valuesOf(schema.additionalProperties), { maxKeys: Math.min(schema.maxProperties ?? 10, 10) })
      const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>)
      return fc.record(Object.fromEntries(properties.map(([name, property]) => [name, valuesOf(property)])), { requiredKeys: schema.required ?? [] })
    }
    default:
      throw new Error(`no values for type ${type}`)
  }
}

/** Values the schema accepts. */
export function valuesOf(schema: Schema): fc.Arbitrary<unknown> {
  const unknown = Object.keys(schema).filter((keyword) => !KNOWN.has(keyword))
  if (unknown.length > 0) throw new Error(`no values for a schema with ${unknown.join(', ')}`)
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.anyOf) return fc.oneof(...(schema.anyOf as Schema[]).map(valuesOf))
  const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type]
  return fc.oneof(...types.map((type) => valuesOfType(type, schema)))
}
