import type { ReactNode } from 'react'
import { CARD_IMAGE_DEFAULT_COLOR, cardImageSite, type CardImageContent } from '../../../src/shared/card-images'
import { SAMPLE_LINK_INPUT } from '../../lib/code-samples'

/**
 * The Quick Start's link as the platforms draw it. Its image is the one Linkcard makes for a link
 * without one, drawn in the page itself: the home page asks no other host for anything.
 */
export const SHOWCASE_CARD = {
  title: SAMPLE_LINK_INPUT.title,
  description: SAMPLE_LINK_INPUT.description,
  ogImage: null,
  ogImageAlt: null,
  themeColor: CARD_IMAGE_DEFAULT_COLOR,
  platformCards: null,
  madeImage: {
    layout: 'bold',
    title: SAMPLE_LINK_INPUT.title,
    description: SAMPLE_LINK_INPUT.description,
    site: cardImageSite(SAMPLE_LINK_INPUT.targetUrl),
    color: CARD_IMAGE_DEFAULT_COLOR,
    logo: null,
  } satisfies CardImageContent,
}

/** The product's point in one picture: one link, the card each platform draws of it (`children`, the mock-ups). */
export function CardShowcase({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="card-showcase" className="border-y border-slate-200 bg-slate-50/70" data-testid="card-showcase">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold text-brand-700">One link, every platform</p>
          <h2 id="card-showcase" className="mt-2 text-3xl font-semibold tracking-tight text-slate-900">
            See your card before anyone shares it
          </h2>
          <p className="mt-4 leading-relaxed text-slate-600">
            Each platform draws a shared link its own way: what it cuts, what it leaves out, how it crops the image. Here is one link as each of them
            shows it. Linkcard draws the same pictures for every link you make, while you edit it.
          </p>
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  )
}
