import type { ReactNode } from 'react'
import { useDocumentTitle } from '../lib/use-document-title'

type AuthCardProps = { title: string; description?: ReactNode; children: ReactNode; /** Under the card: "No account? Sign up". */ footer?: ReactNode }

/** The centred card of the sign-in, sign-up and password screens. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  useDocumentTitle(title)
  return (
    <div className="relative flex justify-center px-4 py-12 sm:py-20">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-brand-50/80 to-transparent" />
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <div className="mb-6 grid gap-1.5 text-center">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
            {description && <p className="text-sm text-slate-500">{description}</p>}
          </div>
          {children}
        </div>
        {footer && <p className="mt-6 text-center text-sm text-slate-600">{footer}</p>}
      </div>
    </div>
  )
}
