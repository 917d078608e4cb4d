import { Check, Minus } from 'lucide-react'
import { CARD_VERSIONS, GEO_TARGETS_MAX, VARIANTS_MAX, VARIANTS_MIN } from '../../../src/shared/link-rules'
import { PLAN_LIST, type PlanInfo } from '../../../src/shared/plans'
import { WEBHOOK_ENDPOINTS_MAX } from '../../../src/shared/webhooks'
import { count, supportOf } from '../../components/plan-card'
import { cn } from '../../lib/cn'


type Row = { label: string; detail?: string; value: (plan: PlanInfo) => string | boolean }

// Numbers come from the plan table and the shared limits the server enforces; a feature no plan
// gates is included on every plan, and says so.
const ROWS: Row[] = [
  { label: 'Previews per month', detail: 'Cards served to social platforms and chat apps', value: (plan) => count(plan.previewLimit) },
  { label: 'Clicks and QR scans', detail: 'Never metered', value: () => 'Unlimited' },
  { label: 'Custom domains', detail: 'With automatic TLS certificates', value: (plan) => plan.customDomainLimit !== 0 && count(plan.customDomainLimit) },
  { label: 'Members', detail: 'Owner, admins, members and viewers', value: () => 'Unlimited' },
  { label: 'Webhooks', detail: 'Signed messages, retried on failure', value: () => `${WEBHOOK_ENDPOINTS_MAX} endpoints` },
  { label: 'Link passwords', value: () => true },
  { label: 'Device and country routing', detail: `iOS, Android and up to ${GEO_TARGETS_MAX} countries a link`, value: () => true },
  { label: 'A/B split tests', detail: `${VARIANTS_MIN} to ${VARIANTS_MAX} targets a link, by weight`, value: () => true },
  { label: 'Card tests', detail: `${CARD_VERSIONS.length} versions of a link's card, served in turn`, value: () => true },
  { label: 'Analytics', detail: 'Clicks, previews, referrers, countries, devices, platforms', value: () => true },
  { label: 'API access', detail: 'REST API, OpenAPI document, TypeScript client', value: () => true },
  { label: 'New links per hour', detail: 'By any means: app, API, bulk, import', value: (plan) => count(plan.linksPerHour) },
  { label: 'New links per day', value: (plan) => count(plan.linksPerDay) },
  { label: 'Stats API', detail: "A link's clicks, scans and previews over the API", value: (plan) => plan.hasStatsApi },
  { label: 'Support', value: (plan) => supportOf(plan) ?? false },
]

function Value({ value }: { value: string | boolean }) {
  if (value === true)
    return (
      <>
        <Check className="mx-auto size-4 text-brand-600" aria-hidden="true" />
        <span className="sr-only">Included</span>
      </>
    )
  if (value === false)
    return (
      <>
        <Minus className="mx-auto size-4 text-slate-500" aria-hidden="true" />
        <span className="sr-only">Not included</span>
      </>
    )
  return <span className="font-medium text-slate-900">{value}</span>
}

/**
 * Every plan side by side, row by row, for holding against another service's. Wider than a phone,
 * it scrolls sideways in a region the keyboard can reach, the row names staying in place.
 */
export function PlanMatrix() {
  const sticky = 'sticky left-0 z-10 bg-white'
  return (
    <section aria-labelledby="compare-plans" className="mt-16 grid gap-6">
      <div className="text-center">
        <h2 id="compare-plans" className="text-2xl font-semibold tracking-tight text-slate-900">
          Compare plans
        </h2>
        <p className="mt-2 text-sm text-slate-500">
          Every limit below is the one the service enforces.<span className="sm:hidden"> Scroll the table sideways for every plan.</span>
        </p>
      </div>
      <section
        aria-label="Plan comparison"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways takes focus so the keyboard can scroll it
        tabIndex={0}
        className="relative min-w-0 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <table className="w-full min-w-[35rem] border-collapse text-sm">
          <caption className="sr-only">What each plan includes</caption>
          <thead className="border-b border-slate-200">
            <tr>
              <td className={cn(sticky, 'w-40 px-4 py-3 sm:w-[34%]')} />
              {PLAN_LIST.map((plan) => (
                <th key={plan.id} scope="col" className={cn('px-3 py-3 text-center align-bottom', plan.popular && 'bg-brand-50/60')}>
                  <span className="block font-semibold text-slate-900">{plan.name}</span>
                  <span className="block text-xs font-normal text-slate-600">
                    {plan.price}
                    {plan.priceNote}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row" className={cn(sticky, 'px-4 py-3 text-left font-normal')}>
                  <span className="block font-medium text-slate-900">{row.label}</span>
                  {row.detail && <span className="block text-xs text-slate-500">{row.detail}</span>}
                </th>
                {PLAN_LIST.map((plan) => (
                  <td key={plan.id} className={cn('px-3 py-3 text-center text-slate-700', plan.popular && 'bg-brand-50/60')}>
                    <Value value={row.value(plan)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p className="text-center text-sm text-slate-600">
        <strong className="font-semibold text-slate-900">Clicks are never metered.</strong> On every plan each visitor is sent on and counted in your
        analytics, however many come; only previews count toward the monthly quota. Prices in US dollars, billed monthly.
      </p>
    </section>
  )
}
