import { useId } from 'react'

type CheckboxGroupProps<T extends string> = {
  legend: string
  /** Every choice in order, with what it means. */
  options: readonly { value: T; description: string }[]
  /** The ticked ones, kept in the options' order. */
  value: readonly T[]
  onChange: (value: T[]) => void
  error?: string | null
}

/** A fieldset of checkboxes, each a code-like value and what it means, with the group's error below. */
export function CheckboxGroup<T extends string>({ legend, options, value, onChange, error }: CheckboxGroupProps<T>) {
  const errorId = useId()
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-900">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-start gap-2.5 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
            checked={value.includes(option.value)}
            onChange={(event) => onChange(options.map((each) => each.value).filter((each) => (each === option.value ? event.target.checked : value.includes(each))))}
          />
          <span>
            <code className="text-[13px] text-slate-900">{option.value}</code> · {option.description}
          </span>
        </label>
      ))}
      {error && (
        <p id={errorId} className="text-[13px] text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  )
}
