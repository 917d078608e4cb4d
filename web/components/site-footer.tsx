import { Link } from 'wouter'
import { PRODUCT_NAME } from '../lib/site'
import { ContactDialog } from './contact-dialog'
import { Logo } from './logo'

const linkClass = 'rounded-sm text-sm text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600'

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50/60">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="grid gap-2">
          <Logo />
          <p className="text-sm text-slate-500">Short links with the social previews you choose.</p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <Link href="/pricing" className={linkClass}>
            Pricing
          </Link>
          <Link href="/docs" className={linkClass}>
            Documentation
          </Link>
          <ContactDialog
            trigger={
              <button type="button" className={`${linkClass} cursor-pointer`}>
                Contact Us
              </button>
            }
          />
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-slate-500 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
