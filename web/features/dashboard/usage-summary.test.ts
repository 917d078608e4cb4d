import { expect, it } from 'bun:test'
import { usageSummary } from './usage-summary'

it('shows used against the limit, coloured normal below 80%, yellow from 80% and red from 100%', () => {
  expect(usageSummary({ usageThisMonth: 12, usageLimit: 500 })).toEqual({ text: '12 / 500 previews', isUnlimited: false, percent: 2.4, color: 'brand' })
  expect(usageSummary({ usageThisMonth: 399, usageLimit: 500 }).color).toBe('brand')
  expect(usageSummary({ usageThisMonth: 400, usageLimit: 500 }).color).toBe('warning')
  expect(usageSummary({ usageThisMonth: 499, usageLimit: 500 }).color).toBe('warning')
  expect(usageSummary({ usageThisMonth: 500, usageLimit: 500 }).color).toBe('danger')
  expect(usageSummary({ usageThisMonth: 4000, usageLimit: 5000 }).text).toBe('4,000 / 5,000 previews')
  expect(usageSummary({ usageThisMonth: 4000, usageLimit: 5000 }).color).toBe('warning')
})

it('shows an unlimited plan without a bar', () => {
  expect(usageSummary({ usageThisMonth: 123456, usageLimit: null })).toEqual({ text: '123,456 previews', isUnlimited: true, percent: 0, color: 'brand' })
})
