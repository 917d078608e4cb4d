import { expect, it } from 'bun:test'
import { usageColor } from './usage'

it('colours usage normal below 80%, yellow from 80% and red from 100%', () => {
  expect(usageColor(0)).toBe('brand')
  expect(usageColor(79.9)).toBe('brand')
  expect(usageColor(80)).toBe('warning')
  expect(usageColor(99)).toBe('warning')
  expect(usageColor(100)).toBe('danger')
  expect(usageColor(250)).toBe('danger')
})
