import { ArrowRight, BookOpen } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '../../components/ui/button'
import { useIsAuthenticated } from '../../lib/session'

export function Hero() {
  const signedIn = useIsAuthenticated()
  return (
    <section className="relative overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_50%_-10%,var(--color-brand-100),transparent)]" />
      <div className="mx-auto max-w-4xl px-4 pt-16 pb-14 text-center sm:px-6 sm:pt-24 sm:pb-20 lg:px-8">
        <p className="mx-auto mb-6 inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-xs font-medium text-brand-700 shadow-xs">
          <span className="size-1.5 rounded-full bg-brand-500" aria-hidden="true" />
          Short links · Social previews · QR codes · Analytics
        </p>
        <h1 className="text-4xl font-semibold tracking-tight text-balance text-slate-900 sm:text-6xl">Not Just Another Link Shortener API</h1>
        <p className="mx-auto mt-6 max-w-2xl text-base leading-relaxed text-pretty text-slate-600 sm:text-lg">
          Create branded short links whose previews on X, LinkedIn, Slack and WhatsApp show exactly the title, description and image you
          choose. One API call, with analytics, QR codes and custom domains built in.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="w-full sm:w-auto">
            <Link href={signedIn ? '/dashboard' : '/signup'}>
              Start Building
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
            <Link href="/docs">
              <BookOpen aria-hidden="true" />
              View Docs
            </Link>
          </Button>
        </div>
      </div>
    </section>
  )
}
