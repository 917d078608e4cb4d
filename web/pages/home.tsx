import { AllPlatformPreviews } from '../features/links/platform-mockups'
import { CardShowcase, SHOWCASE_CARD } from '../features/marketing/card-showcase'
import { FeatureGrid } from '../features/marketing/feature-grid'
import { Hero } from '../features/marketing/hero'
import { QuickStart } from '../features/marketing/quick-start'
import { useDocumentTitle } from '../lib/use-document-title'

export function HomePage() {
  useDocumentTitle()
  return (
    <>
      <Hero />
      <CardShowcase>
        <AllPlatformPreviews card={SHOWCASE_CARD} host={window.location.host} />
      </CardShowcase>
      <QuickStart />
      <FeatureGrid />
    </>
  )
}
