import { beforeEach, describe, expect, it } from 'bun:test'
import { forgetReturn, rememberReturn, returnPath } from './return-to'

const values = new Map<string, string>()
globalThis.sessionStorage = {
  getItem: (key: string) => values.get(key) ?? null,
  setItem: (key: string, value: string) => void values.set(key, value),
  removeItem: (key: string) => void values.delete(key),
} as Storage

describe('the screen to return to after signing in', () => {
  beforeEach(() => forgetReturn())

  it('is the remembered screen, with its query, and the dashboard otherwise', () => {
    expect(returnPath()).toBe('/dashboard')
    rememberReturn('/share-links?page=2')
    expect(returnPath()).toBe('/share-links?page=2')
    forgetReturn()
    expect(returnPath()).toBe('/dashboard')
  })

  it('is never another site or a sign-in screen', () => {
    for (const path of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/login', '/signup?x=1', '']) {
      rememberReturn(path)
      expect(returnPath()).toBe('/dashboard')
    }
    rememberReturn('/login-help')
    expect(returnPath()).toBe('/login-help')
  })
})
