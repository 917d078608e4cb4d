import { FeatureGrid } from '../features/marketing/feature-grid'
import { Hero } from '../features/marketing/hero'
import { QuickStart } from '../features/marketing/quick-start'
import { useDocumentTitle } from '../lib/use-document-title'

export function HomePage() {
  useDocumentTitle()
  return (
    <>
      <Hero />
      <QuickStart />
      <FeatureGrid />
    </>
  )
}
