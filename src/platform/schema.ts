// Schema helpers for what Elysia's `t` gets wrong for this product's contracts.
import { t } from 'elysia'

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
