import { describe, expect, it } from 'bun:test'
import fc from 'fast-check'
import { controlCharacterField, FILLED_LINE_PATTERN, hasControlCharacters, MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN } from './text'

describe('hasControlCharacters', () => {
  it('finds C0 controls and DEL; tabs and line breaks only count in single-line text', () => {
    for (const bad of ['a\u0000', '\u0007', 'x\u001b[0m', 'del\u007f']) {
      expect(hasControlCharacters(bad)).toBe(true)
      expect(hasControlCharacters(bad, true)).toBe(true)
    }
    for (const breaks of ['a\tb', 'a\nb', 'a\r\nb']) {
      expect(hasControlCharacters(breaks)).toBe(true)
      expect(hasControlCharacters(breaks, true)).toBe(false)
    }
    expect(hasControlCharacters('Ünïcödé – fine 😀')).toBe(false)
  })
})

describe('controlCharacterField', () => {
  it('names the first field that holds one, at any depth', () => {
    expect(controlCharacterField({ title: 'ok', nested: { list: ['fine', 'bad\u0000'] } })).toBe('nested.list.1')
    expect(controlCharacterField({ name: 'two\nlines' })).toBe('name')
    expect(controlCharacterField({ description: 'two\nlines\tindented', message: 'a\r\nb' })).toBeUndefined()
    expect(controlCharacterField({ description: 'nul\u0000' })).toBe('description')
    expect(controlCharacterField('raw text\u0000')).toBeUndefined()
    expect(controlCharacterField(undefined)).toBeUndefined()
  })

  it('walks a deeply nested body without recursion', () => {
    let body: unknown = 'x\u0001'
    for (let i = 0; i < 20_000; i++) body = [body]
    expect(controlCharacterField(body)).toBe(Array(20_000).fill('0').join('.'))
  })
})

describe('the schema patterns', () => {
  const texts = fc.string({ unit: fc.constantFrom('a', 'é', '😀', ' ', '\u00a0', '\t', '\n', '\r', '\u0000', '\u001f', '\u007f', '\u2028'), maxLength: 6 })

  it('say what hasControlCharacters and trimming say', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(new RegExp(SINGLE_LINE_PATTERN, 'u').test(text)).toBe(!hasControlCharacters(text))
        expect(new RegExp(MULTI_LINE_PATTERN, 'u').test(text)).toBe(!hasControlCharacters(text, true))
        expect(new RegExp(FILLED_LINE_PATTERN, 'u').test(text)).toBe(!hasControlCharacters(text) && text.trim() !== '')
      }),
    )
  })
})
