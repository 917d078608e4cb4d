import { describe, expect, it } from 'bun:test'
import { describeChanges, describeValue } from './describe-entry'

describe('describeChanges', () => {
  it('shows a change as before and after, a thing made by its value, and one removed as none', () => {
    expect(
      describeChanges({
        title: { from: 'Launch page', to: 'Launch day' },
        isActive: { from: true, to: false },
        role: { from: null, to: 'viewer' },
        rootRedirect: { from: 'https://example.com/', to: null },
      }),
    ).toEqual(['title: Launch page → Launch day', 'isActive: on → off', 'role: viewer', 'rootRedirect: https://example.com/ → none'])
    expect(describeChanges(null)).toEqual([])
  })

  it('joins lists of names, writes other values as JSON, and cuts long ones short', () => {
    expect(describeValue(['links:read', 'links:write'])).toBe('links:read, links:write')
    expect(describeValue({ applinks: {} })).toBe('{"applinks":{}}')
    const long = describeValue(`https://example.com/${'a'.repeat(200)}`)
    expect(long).toHaveLength(80)
    expect(long.endsWith('…')).toBe(true)
  })
})
