import { BarChart3, CalendarClock, Globe, Link2, ListChecks, QrCode, Search, Share2, Zap, type LucideIcon } from 'lucide-react'
import { PRODUCT_NAME } from '../../lib/site'

type Feature = { icon: LucideIcon; title: string; text: string }

const FEATURES: Feature[] = [
  { icon: Share2, title: 'Custom social previews', text: 'Set the title, description, image and card type that X, LinkedIn, Slack and WhatsApp show for each link.' },
  { icon: Zap, title: 'Lightning fast', text: 'Redirects answer in milliseconds, so visitors never wait between the click and your page.' },
  { icon: BarChart3, title: 'Detailed analytics', text: 'Clicks, previews, referrers, countries, devices and which platforms shared your links.' },
  { icon: QrCode, title: 'QR codes included', text: 'Every link comes with a QR code as PNG or SVG, ready for print and slides.' },
  { icon: Link2, title: 'Custom aliases', text: 'Readable short paths like /launch instead of random characters, when you want them.' },
  { icon: CalendarClock, title: 'Link expiration', text: 'Give campaign links an end date; after it, visitors see that the link has expired.' },
  { icon: Globe, title: 'Custom domains', text: 'Serve links from your own domain, with the TLS certificate provisioned automatically.' },
  { icon: Search, title: 'SEO-friendly canonical URLs', text: 'Each preview carries a canonical URL, so search engines credit the original page.' },
  { icon: ListChecks, title: 'Full link management', text: 'Edit, deactivate or delete links from the dashboard or the REST API at any time.' },
]

export function FeatureGrid() {
  return (
    <section aria-labelledby="why" className="border-y border-slate-200 bg-slate-50/70">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="why" className="text-3xl font-semibold tracking-tight text-slate-900">
            Why Choose {PRODUCT_NAME}
          </h2>
          <p className="mt-3 text-slate-600">Everything a shared link needs, behind one simple API.</p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} data-testid="feature-card" className="rounded-xl border border-slate-200 bg-white p-6 shadow-xs transition-shadow hover:shadow-md">
              <div className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-brand-100">
                <Icon className="size-5" aria-hidden="true" />
              </div>
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
