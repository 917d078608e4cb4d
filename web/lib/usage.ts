import type { ProgressColor } from '../components/ui/progress'

/** The usage bar's colour: normal below 80%, yellow from 80%, red from 100%. */
export function usageColor(percent: number): ProgressColor {
  if (percent >= 100) return 'danger'
  if (percent >= 80) return 'warning'
  return 'brand'
}
