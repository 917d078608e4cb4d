import type { ProgressColor } from '../../components/ui/progress'
import { usageColor } from '../../lib/usage'
import type { Usage } from './api'

export type UsageSummary = {
  /** 'N / limit previews', or 'N previews' when the plan is unlimited. */
  text: string
  isUnlimited: boolean
  /** Share of the limit used, 0 when unlimited; may exceed 100. */
  percent: number
  color: ProgressColor
}

const number = (value: number) => value.toLocaleString('en-US')

export function usageSummary(usage: Pick<Usage, 'usageThisMonth' | 'usageLimit'>): UsageSummary {
  const { usageThisMonth: used, usageLimit: limit } = usage
  if (limit === null) return { text: `${number(used)} previews`, isUnlimited: true, percent: 0, color: usageColor(0) }
  const percent = limit > 0 ? (used / limit) * 100 : 100
  return { text: `${number(used)} / ${number(limit)} previews`, isUnlimited: false, percent, color: usageColor(percent) }
}
