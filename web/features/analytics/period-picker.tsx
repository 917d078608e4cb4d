import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '../../../src/shared/analytics'
import { cn } from '../../lib/cn'
import { PERIOD_LABELS } from './labels'

type PeriodPickerProps = { value: AnalyticsPeriod; onChange: (period: AnalyticsPeriod) => void; className?: string }

/** 7 days, 30 days, 90 days or a year, ending today (UTC). */
export function PeriodPicker({ value, onChange, className }: PeriodPickerProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not of form fields
    <div role="group" aria-label="Period" className={cn('inline-flex rounded-lg border border-slate-200 bg-slate-100 p-0.5', className)}>
      {ANALYTICS_PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          aria-pressed={period === value}
          onClick={() => onChange(period)}
          className={cn(
            'h-8 flex-1 rounded-md px-3 text-[13px] font-medium whitespace-nowrap text-slate-600 transition-colors hover:text-slate-900',
            'focus-visible:ring-3 focus-visible:ring-brand-500/30 focus-visible:outline-none',
            period === value && 'bg-white text-slate-900 shadow-xs',
          )}
        >
          {PERIOD_LABELS[period]}
        </button>
      ))}
    </div>
  )
}
