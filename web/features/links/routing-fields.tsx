import { Plus, X } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { COUNTRY_CODES } from '../../../src/shared/countries'
import { GEO_TARGETS_MAX, } from '../../../src/shared/link-rules'
import { Button } from '../../components/ui/button'
import { Fold } from '../../components/ui/fold'
import { FormField } from '../../components/ui/form-field'
import { hasRouting, type FormErrors, type GeoTargetRow, type LinkFormValues } from './link-form-values'
import { UrlInput } from '../../components/url-input'

type Routing = Pick<LinkFormValues, 'iosUrl' | 'androidUrl' | 'geoTargets'>

// Countries by their names in the reader's language, A to Z; the code where a name is unknown.
const COUNTRIES = (() => {
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(undefined, { type: 'region' }) : undefined
  return COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name))
})()

// The look of the form's inputs, for the native country list (long lists read best in the
// browser's own picker, which phones show full screen and keyboards search by typing).
const SELECT =
  'h-9 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:outline-none ' +
  'focus:ring-3 focus:ring-brand-500/20 aria-invalid:border-red-500'

type RoutingFieldsProps = {
  values: Routing
  errors: FormErrors
  onChange: (changes: Partial<Routing>) => void
}

/**
 * Device and country targets: where people on iOS or Android, or in a country, go instead of the
 * target. Folded away until opened, and open when the link has some or one of them is wrong.
 */
export function RoutingFields({ values, errors, onChange }: RoutingFieldsProps) {
  const [isOpen, setIsOpen] = useState(() => hasRouting(values))
  const id = useId()
  const list = useRef<HTMLUListElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  // Keyboard users land on the row just added, or back on the button once a row goes: the rows are
  // changed at once, so the focus moves before anything else is typed.
  const changeRows = (geoTargets: GeoTargetRow[], focus: () => HTMLElement | null | undefined) => {
    flushSync(() => onChange({ geoTargets }))
    focus()?.focus()
  }
  const rowErrors = values.geoTargets.some((row) => errors[`geoTargets.${row.country}`])
  const shown = isOpen || Boolean(errors.iosUrl || errors.androidUrl || errors.geoTargets || rowErrors)
  const count = (values.iosUrl.trim() ? 1 : 0) + (values.androidUrl.trim() ? 1 : 0) + values.geoTargets.filter((row) => row.country && row.url.trim()).length
  const setRow = (index: number, changes: Partial<GeoTargetRow>) =>
    onChange({ geoTargets: values.geoTargets.map((row, i) => (i === index ? { ...row, ...changes } : row)) })
  const urlInput = (field: 'iosUrl' | 'androidUrl', placeholder: string) => (
    <UrlInput name={field} value={values[field]} onValueChange={(url) => onChange({ [field]: url })} placeholder={placeholder} />
  )

  return (
    <Fold title="Device and country targets" summary={count > 0 && `${count} set`} open={shown} onToggle={setIsOpen} testId="routing-fields">
      <div className="mt-3 grid gap-3">
        <p className="text-[13px] text-slate-500">
          People on an iPhone or Android phone go to its URL; otherwise people in a listed country go to that country's URL; everyone else goes to the target URL.
        </p>
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <FormField label="iOS URL" error={errors.iosUrl}>
            {urlInput('iosUrl', 'https://apps.apple.com/app/id…')}
          </FormField>
          <FormField label="Android URL" error={errors.androidUrl}>
            {urlInput('androidUrl', 'https://play.google.com/store/apps/…')}
          </FormField>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-900">Countries</legend>
          <ul ref={list} className="grid gap-2 empty:hidden">
            {values.geoTargets.map((row, index) => {
              const error = row.country ? errors[`geoTargets.${row.country}`] : undefined
              const number = index + 1
              const errorId = `${id}-country-${index}`
              return (
                // Rows have no id of their own; one is only ever added at the end or removed.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={index} className="grid gap-1" data-testid="country-row">
                  <div className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)_auto] items-center gap-2 max-sm:grid-cols-[minmax(0,1fr)_auto]">
                    <select
                      name={index === 0 ? 'geoTargets' : undefined}
                      aria-label={`Country ${number}`}
                      aria-invalid={errors.geoTargets && !row.country ? true : undefined}
                      value={row.country}
                      onChange={(event) => setRow(index, { country: event.target.value })}
                      className={SELECT}
                    >
                      <option value="">Choose a country</option>
                      {COUNTRIES.map((country) => (
                        <option key={country.code} value={country.code}>
                          {country.name}
                        </option>
                      ))}
                    </select>
                    <UrlInput
                      name={row.country ? `geoTargets.${row.country}` : undefined}
                      aria-label={`URL for country ${number}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      value={row.url}
                      onValueChange={(url) => setRow(index, { url })}
                      placeholder="https://example.com/fr"
                      className="max-sm:order-3 max-sm:col-span-2"
                    />
                    <button
                      type="button"
                      aria-label={`Remove country ${number}`}
                      onClick={() =>
                        changeRows(
                          values.geoTargets.filter((_, i) => i !== index),
                          () => addButton.current,
                        )
                      }
                      className="rounded-md p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      <X className="size-4" aria-hidden="true" />
                    </button>
                  </div>
                  {error && (
                    <p id={errorId} className="text-[13px] text-red-600">
                      {error}
                    </p>
                  )}
                </li>
              )
            })}
          </ul>
          {errors.geoTargets && <p className="text-[13px] text-red-600">{errors.geoTargets}</p>}
          <div className="flex flex-wrap items-center gap-2">
            <Button
              ref={addButton}
              variant="outline"
              size="sm"
              disabled={values.geoTargets.length >= GEO_TARGETS_MAX}
              onClick={() => changeRows([...values.geoTargets, { country: '', url: '' }], () => list.current?.querySelector<HTMLElement>('li:last-child select'))}
            >
              <Plus aria-hidden="true" />
              Add a country
            </Button>
            <span className="text-[13px] text-slate-500">Up to {GEO_TARGETS_MAX}. The country comes from the visitor's address.</span>
          </div>
        </fieldset>
      </div>
    </Fold>
  )
}
