import { Plus, X } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { VARIANT_WEIGHT_MAX, VARIANTS_MAX, VARIANTS_MIN, } from '../../../src/shared/link-rules'
import { Button } from '../../components/ui/button'
import { Fold } from '../../components/ui/fold'
import { Input } from '../../components/ui/input'
import type { FormErrors, LinkFormValues, VariantRow } from './link-form-values'
import { UrlInput } from '../../components/url-input'

type VariantFieldsProps = {
  values: Pick<LinkFormValues, 'targetUrl' | 'variants'>
  errors: FormErrors
  onChange: (variants: VariantRow[]) => void
}

/** Each row's share of people, in whole percent, from the weights typed (0 where a weight is not a number yet). */
function sharesOf(rows: VariantRow[]) {
  const weights = rows.map((row) => {
    const weight = Number(row.weight)
    return Number.isFinite(weight) && weight > 0 ? weight : 0
  })
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  return weights.map((weight) => (total === 0 ? 0 : Math.round((weight / total) * 100)))
}

/**
 * A split test: two to four targets people are sent to by weight, instead of the target. Folded
 * away until opened, and open when the link has one or one of its rows is wrong. Starting one
 * fills the first row with the target, so the page as it is stays in the test.
 */
export function VariantFields({ values, errors, onChange }: VariantFieldsProps) {
  const rows = values.variants
  const [isOpen, setIsOpen] = useState(() => rows.length > 0)
  const id = useId()
  const list = useRef<HTMLUListElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  const hasErrors = Object.keys(errors).some((field) => field === 'variants' || field.startsWith('variants.'))
  const shown = isOpen || hasErrors
  const shares = sharesOf(rows)
  // Keyboard users land on the row just added, or back on the button once a row goes.
  const changeRows = (next: VariantRow[], focus: () => HTMLElement | null | undefined) => {
    flushSync(() => onChange(next))
    focus()?.focus()
  }
  const setRow = (index: number, changes: Partial<VariantRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...changes } : row)))
  const start = () =>
    changeRows(
      [
        { url: values.targetUrl.trim(), weight: '50' },
        { url: '', weight: '50' },
      ],
      () => list.current?.querySelector<HTMLElement>(values.targetUrl.trim() ? 'li:last-child input' : 'li:first-child input'),
    )

  return (
    <Fold title="Split test (A/B)" summary={rows.length > 0 && `${rows.length} targets`} open={shown} onToggle={setIsOpen} testId="variant-fields">
      <fieldset className="mt-3 grid gap-2">
        <legend className="sr-only">Split test targets</legend>
        <p className="text-[13px] text-slate-500">
          People are sent to one of these targets by weight instead of the target URL, and keep theirs all day. Clicks are counted per target on the link's analytics.
        </p>
        <ul ref={list} className="grid gap-2 empty:hidden">
          {rows.map((row, index) => {
            const number = index + 1
            const urlError = errors[`variants.${index}.targetUrl`]
            const weightError = errors[`variants.${index}.weight`]
            const errorId = `${id}-variant-${index}`
            return (
              // Rows have no id of their own; one is only ever added at the end or removed.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className="grid gap-1" data-testid="variant-row">
                <div className="grid grid-cols-[minmax(0,1fr)_5rem_3rem_auto] items-center gap-2 max-sm:grid-cols-[minmax(0,1fr)_5rem_auto]">
                  <UrlInput
                    name={`variants.${index}.targetUrl`}
                    aria-label={`Target ${number}`}
                    aria-invalid={urlError ? true : undefined}
                    aria-describedby={urlError || weightError ? errorId : undefined}
                    value={row.url}
                    onValueChange={(url) => setRow(index, { url })}
                    placeholder="https://example.com/b"
                    className="max-sm:col-span-3"
                  />
                  <Input
                    name={`variants.${index}.weight`}
                    aria-label={`Weight of target ${number}`}
                    aria-invalid={weightError ? true : undefined}
                    aria-describedby={urlError || weightError ? errorId : undefined}
                    value={row.weight}
                    onChange={(event) => setRow(index, { weight: event.target.value })}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={VARIANT_WEIGHT_MAX}
                    step={1}
                  />
                  <span className="text-right text-[13px] text-slate-500 tabular-nums" data-testid="variant-share">
                    {shares[index]}%
                  </span>
                  <button
                    type="button"
                    aria-label={`Remove target ${number}`}
                    onClick={() =>
                      changeRows(
                        rows.filter((_, i) => i !== index),
                        () => addButton.current,
                      )
                    }
                    className="rounded-md p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </div>
                {(urlError || weightError) && (
                  <p id={errorId} className="text-[13px] text-red-600">
                    {urlError ?? weightError}
                  </p>
                )}
              </li>
            )
          })}
        </ul>
        {errors.variants && (
          <p className="text-[13px] text-red-600" role="alert">
            {errors.variants}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2">
          {rows.length === 0 ? (
            <Button ref={addButton} variant="outline" size="sm" onClick={start}>
              <Plus aria-hidden="true" />
              Start a split test
            </Button>
          ) : (
            <Button
              ref={addButton}
              variant="outline"
              size="sm"
              disabled={rows.length >= VARIANTS_MAX}
              onClick={() => changeRows([...rows, { url: '', weight: '50' }], () => list.current?.querySelector<HTMLElement>('li:last-child input'))}
            >
              <Plus aria-hidden="true" />
              Add a target
            </Button>
          )}
          <span className="text-[13px] text-slate-500">
            {VARIANTS_MIN} to {VARIANTS_MAX} targets; a weight is a whole number up to {VARIANT_WEIGHT_MAX}.
          </span>
        </div>
      </fieldset>
    </Fold>
  )
}
