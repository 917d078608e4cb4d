import { ChevronRight } from 'lucide-react'
import { UTM_FIELDS, UTM_VALUE_MAX, utmOf, withAllUtm, withUtm, type UtmField } from '../../../src/shared/tracking'
import { withHttpsPrefix } from '../../../src/shared/link-rules'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { UtmPresets } from './utm-presets'

const LABELS: Record<UtmField, { label: string; placeholder: string }> = {
  source: { label: 'Source', placeholder: 'newsletter' },
  medium: { label: 'Medium', placeholder: 'email' },
  campaign: { label: 'Campaign', placeholder: 'spring-sale' },
  term: { label: 'Term', placeholder: 'running shoes' },
  content: { label: 'Content', placeholder: 'header-link' },
}

/**
 * The campaign parameters of the target (utm_source and the rest) as fields of their own: each
 * edit rewrites the target URL, which stays the one truth, as does applying a preset. Folded away until opened.
 */
export function UtmBuilder({ target, onChange }: { target: string; onChange: (target: string) => void }) {
  const address = target.trim() ? withHttpsPrefix(target) : ''
  const utm = utmOf(address)
  const setCount = utm ? UTM_FIELDS.filter((field) => utm[field]).length : 0
  return (
    <details className="group rounded-lg border border-slate-200 px-3 py-2 open:pb-3" data-testid="utm-builder">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 text-sm font-medium text-slate-700 select-none [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 text-slate-400 transition-transform group-open:rotate-90" aria-hidden="true" />
        Campaign parameters (UTM)
        {setCount > 0 && <span className="text-[13px] font-normal text-slate-500">· {setCount} set</span>}
      </summary>
      {utm ? (
        <>
          <UtmPresets utm={utm} onApply={(values) => onChange(withAllUtm(address, values))} />
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {UTM_FIELDS.map((field) => (
              <FormField key={field} label={LABELS[field].label}>
                <Input
                  value={utm[field]}
                  placeholder={LABELS[field].placeholder}
                  maxLength={UTM_VALUE_MAX}
                  autoCapitalize="off"
                  spellCheck={false}
                  onChange={(event) => onChange(withUtm(address, field, event.target.value))}
                />
              </FormField>
            ))}
          </div>
        </>
      ) : (
        <p className="mt-2 text-[13px] text-slate-500">Type the target URL first: these are added to it.</p>
      )}
    </details>
  )
}
