import { describe, expect, it } from 'bun:test'
import { shortLinkPath } from './routes'

const path = (url: string, method = 'GET') => shortLinkPath(new Request(url, { method }))

describe('shortLinkPath', () => {
  it('takes one segment of slug or alias characters, with or without a query', () => {
    expect(path('http://localhost:3000/aB3dE5f')).toBe('aB3dE5f')
    expect(path('https://go.example.com/my-launch_2026?utm_source=x')).toBe('my-launch_2026')
    expect(path('http://localhost/abc', 'HEAD')).toBe('abc')
  })

  it('leaves everything else to the router', () => {
    for (const url of ['http://localhost/', 'http://localhost/api/health', 'http://localhost/favicon.svg', 'http://localhost/abc/', 'http://localhost/a%20b', `http://localhost/${'a'.repeat(65)}`])
      expect(path(url)).toBeUndefined()
    expect(path('http://localhost/abc', 'POST')).toBeUndefined()
  })

  it('never takes the product’s own pages or reserved words', () => {
    for (const page of ['pricing', 'docs', 'Dashboard', 'admin', 'share-links', 'blog']) expect(path(`http://localhost/${page}`)).toBeUndefined()
  })
})
