import { Link } from 'wouter'
import { PRODUCT_NAME } from '../lib/site'

/** The mark and the name, linking home. */
export function Logo() {
  return (
    <Link href="/" className="flex items-center gap-2 rounded-md font-semibold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path
          d="M13.5 18.5l5-5M11 15l-2 2a3.5 3.5 0 0 0 5 5l2-2M21 17l2-2a3.5 3.5 0 0 0-5-5l-2 2"
          fill="none"
          stroke="#fff"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      </svg>
      <span className="text-[17px]">{PRODUCT_NAME}</span>
    </Link>
  )
}
