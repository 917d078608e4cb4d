import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { cn } from '../../lib/cn'
import { PRESET_DAYS, rangeDays, rangeError, type AccountRange } from './account-range'

type RangePickerProps = { value: AccountRange; onChange: (range: AccountRange) => void; className?: string }

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The last 7, 30 or 90 days (UTC, ending today), or any days from one date to another. */
export function RangePicker({ value, onChange, className }: RangePickerProps) {
  const isCustom = 'from' in value
  const [isEditing, setIsEditing] = useState(isCustom)
  const showsCustom = isCustom || isEditing
  const option = (pressed: boolean) =>
    cn(
      'h-8 flex-1 rounded-md px-3 text-[13px] font-medium whitespace-nowrap text-slate-600 transition-colors hover:text-slate-900',
      'focus-visible:ring-3 focus-visible:ring-brand-500/30 focus-visible:outline-none',
      pressed && 'bg-white text-slate-900 shadow-xs',
    )
  return (
    <div className={cn('grid gap-3', className)}>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not of form fields */}
      <div role="group" aria-label="Period" className="flex w-full rounded-lg border border-slate-200 bg-slate-100 p-0.5 sm:w-auto sm:self-start">
        {PRESET_DAYS.map((days) => {
          const pressed = !showsCustom && 'days' in value && value.days === days
          return (
            <button
              key={days}
              type="button"
              aria-pressed={pressed}
              onClick={() => {
                setIsEditing(false)
                onChange({ days })
              }}
              className={option(pressed)}
            >
              {days} days
            </button>
          )
        })}
        <button type="button" aria-pressed={showsCustom} aria-expanded={showsCustom} onClick={() => setIsEditing(true)} className={option(showsCustom)}>
          Custom
        </button>
      </div>
      {showsCustom && <CustomRange initial={rangeDays(value)} onApply={onChange} />}
    </div>
  )
}

/** From and To (UTC days, both included), applied together once they make a period the server takes. */
function CustomRange({ initial, onApply }: { initial: { from: string; to: string }; onApply: (range: AccountRange) => void }) {
  const [from, setFrom] = useState(initial.from)
  const [to, setTo] = useState(initial.to)
  const [error, setError] = useState<string | null>(null)
  function apply(event: FormEvent) {
    event.preventDefault()
    const problem = rangeError(from, to)
    setError(problem && sentence(problem))
    if (!problem) onApply({ from, to })
  }
  return (
    <form onSubmit={apply} noValidate className="grid grid-cols-2 items-start gap-3 sm:flex sm:flex-wrap sm:items-start" aria-label="Custom period">
      <FormField label="From" className="sm:w-44">
        <Input type="date" value={from} onChange={(event) => setFrom(event.target.value)} max={to || undefined} required />
      </FormField>
      <FormField label="To" className="sm:w-44">
        <Input type="date" value={to} onChange={(event) => setTo(event.target.value)} min={from || undefined} required />
      </FormField>
      <Button type="submit" variant="outline" className="col-span-2 sm:mt-[1.625rem] sm:w-auto">
        Apply
      </Button>
      {error && (
        <p role="alert" className="col-span-2 text-[13px] text-red-600 sm:basis-full">
          {error}
        </p>
      )}
    </form>
  )
}
