import { describe, expect, it } from 'bun:test'
import { t } from 'elysia'
import { TypeCompiler } from 'elysia/type-system'
import { nullableTextCheckedByService, textCheckedByService } from './schema'

const limits = { minLength: 3, maxLength: 5, pattern: '^https?://', format: 'uri' } as const

describe('texts checked by the service', () => {
  it('state their limits in the schema, and validation checks only the type', () => {
    const text = TypeCompiler.Compile(t.Object({ value: textCheckedByService(limits) }))
    const nullable = TypeCompiler.Compile(t.Object({ value: nullableTextCheckedByService(limits) }))
    for (const within of ['', '  padded, long and no URL  ']) {
      expect(text.Check({ value: within })).toBe(true)
      expect(nullable.Check({ value: within })).toBe(true)
    }
    expect([text.Check({ value: null }), nullable.Check({ value: null })]).toEqual([false, true])
    for (const wrong of [5, true, {}, []]) expect([text.Check({ value: wrong }), nullable.Check({ value: wrong })]).toEqual([false, false])
    expect(text.Check({})).toBe(false)
    expect(JSON.parse(JSON.stringify(textCheckedByService(limits, { description: 'A URL' })))).toEqual({ ...limits, type: 'string', description: 'A URL' })
    expect(JSON.parse(JSON.stringify(nullableTextCheckedByService(limits)))).toMatchObject({ ...limits, anyOf: [{ type: 'string' }, { type: 'null' }] })
  })
})
