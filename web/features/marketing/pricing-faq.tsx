import { ChevronDown } from 'lucide-react'
import type { ReactNode } from 'react'
import { PLAN_LIST } from '../../../src/shared/plans'
import { PREVIEW_COUNTING } from '../../../src/shared/rate-limits'

const code = (text: string) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[12.5px] text-slate-800">{text}</code>

const domainPlans = PLAN_LIST.filter((plan) => plan.hasCustomDomain)
  .map((plan) => `${plan.name} ${plan.customDomainLimit === null ? 'as many as you need' : plan.customDomainLimit}`)
  .join(', ')

const QUESTIONS: { question: string; answer: ReactNode }[] = [
  {
    question: 'What counts as a preview?',
    answer: (
      <>
        A preview is counted when a social platform or chat app (Facebook, X, LinkedIn, Slack, Discord, WhatsApp, iMessage, Telegram and the rest)
        fetches one of your links to draw its card. A link counts at most once per platform every {PREVIEW_COUNTING.windowMinutes} minutes, however
        often it is shared meanwhile. People clicking, search engines, monitors and other bots are never counted.
      </>
    ),
  },
  {
    question: "What happens when I reach my plan's previews?",
    answer: (
      <>
        Your links keep working: people are still sent on, and every click is recorded. Platforms get the plain redirect instead of your card, so
        they show the target page's own preview until the count resets with your next billing period. Owners are e-mailed at 80% and at 100%, a{' '}
        {code('quota.reached')} webhook is sent, and a larger plan lifts the limit as soon as it starts.
      </>
    ),
  },
  {
    question: 'Are clicks metered?',
    answer: (
      <>
        No, never, on any plan. Clicks and QR code scans are unlimited: each visitor is sent on and counted in your analytics, however many come.
        Only previews count toward the monthly quota.
      </>
    ),
  },
  {
    question: 'Is self-hosting free?',
    answer: (
      <>
        Yes, and without limits you did not set yourself. Start your own server with {code('DEFAULT_PLAN=enterprise')} and every new account gets
        unlimited previews, custom domains and every limit lifted; a super admin moves existing accounts between plans in the admin panel. Billing
        only runs if you configure Stripe.
      </>
    ),
  },
  {
    question: 'Can I cancel at any time?',
    answer: (
      <>
        Yes. Paid plans are billed monthly through Stripe, with no contract. Change plan or cancel in the Stripe customer portal, opened from Billing;
        when the subscription ends the account moves to the Free plan, and its links, analytics and API keys stay.
      </>
    ),
  },
  {
    question: 'How do custom domains work?',
    answer: (
      <>
        Paid plans serve short links from your own domains ({domainPlans}). Add a domain, publish the TXT and CNAME records Linkcard shows you, and
        it checks them and gets the TLS certificate on its own; DNS changes can take up to 24 hours to reach everyone. Each domain has its own
        aliases, and one is the default for new links. If the account moves to Free, links stop answering on its domains until it upgrades again.
      </>
    ),
  },
]

/** The questions a buyer asks before choosing a plan, each folded under its question (the browser's own disclosure). */
export function PricingFaq() {
  return (
    <section aria-labelledby="pricing-faq" className="mx-auto mt-16 grid w-full max-w-3xl gap-6">
      <h2 id="pricing-faq" className="text-center text-2xl font-semibold tracking-tight text-slate-900">
        Frequently asked questions
      </h2>
      <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-xs">
        {QUESTIONS.map(({ question, answer }) => (
          <details key={question} className="group" data-testid="faq-item">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-medium text-slate-900 select-none focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180" aria-hidden="true" />
            </summary>
            <p className="px-5 pb-5 text-sm leading-relaxed text-slate-600">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  )
}
