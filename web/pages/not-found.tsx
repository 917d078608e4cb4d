import { Link } from 'wouter'
import { Button } from '../components/ui/button'
import { useDocumentTitle } from '../lib/use-document-title'

export function NotFoundPage() {
  useDocumentTitle('Page not found')
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600">Did you forget to add the page to the router?</p>
      <Button asChild className="mt-8">
        <Link href="/">Back to home</Link>
      </Button>
    </div>
  )
}
