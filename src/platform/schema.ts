// Schema helpers for what Elysia's `t` gets wrong, or cannot say, for this product's contracts.
import { t, type TSchema } from 'elysia'
import { TypeSystem } from 'elysia/type-system'

/**
 * One of `values`, without a default. Elysia's t.UnionEnum carries its first value as `default`,
 * which validation fills into an optional field a request leaves out: a PATCH that does not name
 * the field would change it.
 */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, options: Parameters<typeof t.UnionEnum>[1] = {}) {
  const schema: ReturnType<typeof t.UnionEnum<T>> = t.UnionEnum(values, options)
  delete (schema as { default?: unknown }).default
  return schema
}

const KIND = Symbol.for('TypeBox.Kind')

/** Whether validation checks only the type of a value of this schema, its limits being the service's. */
export const isCheckedByService = (schema: object) => String((schema as Record<symbol, unknown>)[KIND] ?? '').endsWith('WithStatedLimits')

/** What the service checks of a text besides its type, stated as JSON Schema keywords. */
type TextLimits = { minLength?: number; maxLength?: number; pattern?: string; format?: 'uri' | 'date-time' }
type TextOptions = Parameters<typeof t.String>[0]

// A string whose other keywords validation leaves alone.
const stringWithStatedLimits = TypeSystem.Type<string>('StringWithStatedLimits', (_, value) => typeof value === 'string')

/**
 * A text whose limits the service checks with the shared rules: trimmed first, blank meaning none,
 * and refused in the product's own words. Its schema states the limits for the API's document;
 * validation checks only that it is a string.
 */
export const textCheckedByService = (limits: TextLimits, options: TextOptions = {}) =>
  stringWithStatedLimits({ ...options, ...limits, type: 'string' })

const integerWithStatedLimits = TypeSystem.Type<number>('IntegerWithStatedLimits', (_, value) => Number.isInteger(value))

/** A whole number whose range the service checks, in its own words; the schema states the range. */
export const integerCheckedByService = (limits: { minimum: number; maximum: number }, options: Parameters<typeof t.Integer>[0] = {}) =>
  integerWithStatedLimits({ ...options, ...limits, type: 'integer' })

/**
 * textCheckedByService, or null. A union is validated by its members alone, so the limits stated
 * on it are the document's; its members stay plain, so a wrong type still answers "should be one
 * of: 'string', 'null'" (Elysia names a member by its format when it has one).
 */
export const nullableTextCheckedByService = (limits: TextLimits, options: TextOptions = {}) => t.Nullable(t.String(), { ...options, ...limits })

// An object of strings whose other keywords validation leaves alone.
const stringMapWithStatedLimits = TypeSystem.Type<Record<string, string>>(
  'StringMapWithStatedLimits',
  (_, value) => value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((item) => typeof item === 'string'),
)

/**
 * An object of texts whose keys, values and size the service checks in its own words; the schema
 * states them (`keys` the names allowed, `values` the limits of each text) for the document.
 */
export const stringMapCheckedByService = (limits: { keys: readonly string[]; values: TextLimits; maxProperties: number }) =>
  stringMapWithStatedLimits({
    type: 'object',
    // No named properties: said outright, as Elysia's body normaliser (exact-mirror) needs it.
    properties: {},
    propertyNames: { type: 'string', enum: [...limits.keys] },
    additionalProperties: { type: 'string', ...limits.values },
    maxProperties: limits.maxProperties,
  })

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

// An object of objects of texts (or null) whose other keywords validation leaves alone.
const textObjectMapWithStatedLimits = TypeSystem.Type<Record<string, Record<string, string | null | undefined> | null | undefined>>(
  'TextObjectMapWithStatedLimits',
  (_, value) =>
    isPlainObject(value) &&
    Object.values(value).every((item) => item === null || (isPlainObject(item) && Object.values(item).every((text) => text === null || typeof text === 'string'))),
)

/**
 * An object of name → object of texts (or null), whose names and texts the service checks in its
 * own words; the schema states them (`keys` the names allowed, `values` the schema of each object)
 * for the document. Validation checks the types alone, so no name is dropped unseen.
 */
export const textObjectMapCheckedByService = (limits: { keys: readonly string[]; values: ReturnType<typeof t.Object> }, options: { description?: string } = {}) =>
  textObjectMapWithStatedLimits({
    ...options,
    type: 'object',
    // No named properties: said outright, as Elysia's body normaliser (exact-mirror) needs it.
    properties: {},
    propertyNames: { type: 'string', enum: [...limits.keys] },
    additionalProperties: { anyOf: [limits.values, { type: 'null' }] },
  })

// A list of objects whose other keywords validation leaves alone.
const objectListWithStatedLimits = TypeSystem.Type<Record<string, unknown>[]>('ObjectListWithStatedLimits', (_, value) => Array.isArray(value) && value.every(isPlainObject))

/**
 * A list of objects whose size and fields the service checks in its own words (naming the field
 * of the item at fault, as `variants.1.weight`); the schema states them for the document.
 */
export const objectListCheckedByService = (limits: { items: ReturnType<typeof t.Object>; minItems: number; maxItems: number }) =>
  objectListWithStatedLimits({ type: 'array', ...limits })

/** Where documentedAsShapes keeps the shapes, for the API's document to state. */
export const SHAPES = 'x-shapes'

/** One way an object may be given: the fields it requires besides the object's own, and those it narrows. */
type Shape = { description: string; required: string[]; properties?: Record<string, TSchema> }

/**
 * An object validated as `schema`, which the API's document states as any of `shapes`: the whole
 * object once per way it may be given (a field required in one and not in another). Client
 * generators (openapi-typescript, hey-api, orval) make a union type of such shapes, where they ignore
 * a rule said with if/then/else. Validation reads no `x-` keyword: the answers and their messages
 * stay those of `schema` and the service.
 */
export const documentedAsShapes = <T extends TSchema>(schema: T, shapes: [Shape, Shape, ...Shape[]]): T => ({ ...schema, [SHAPES]: shapes })
