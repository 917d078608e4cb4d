import type { ReactNode } from 'react'
import { Page } from '../components/page'
import { TesterKeyPicker } from '../features/api-keys/tester-key-picker'
import { AnchoredHeading } from '../features/docs/anchor-link'
import { useOpenApiDocument } from '../features/docs/api'
import { ApiTester } from '../features/docs/api-tester'
import { EdgeWorkerSection } from '../features/docs/edge-worker-section'
import { GettingStarted } from '../features/docs/getting-started'
import { OnThisPage, useLandOnHash } from '../features/docs/on-this-page'
import { DOCS_SECTIONS, docsOutline } from '../features/docs/outline'
import { ApiReference } from '../features/docs/reference'
import { TypeScriptClient } from '../features/docs/typescript-client'

type SectionId = (typeof DOCS_SECTIONS)[number]['id']

/** The tester with a choice of the signed-in person's keys. */
const TryItOut = () => <ApiTester keyPicker={(fillKey) => <TesterKeyPicker onKey={fillKey} />} />

const CONTENT: Record<SectionId, () => ReactNode> = {
  'getting-started': GettingStarted,
  typescript: TypeScriptClient,
  reference: ApiReference,
  'try-it-out': TryItOut,
  'edge-worker': EdgeWorkerSection,
}

export function DocsPage() {
  const { data: doc, error } = useOpenApiDocument()
  useLandOnHash(Boolean(doc || error))
  return (
    <Page title="API Documentation" description="Create and manage short links with social previews over a simple REST API.">
      <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8 xl:grid-cols-[18rem_minmax(0,1fr)] xl:gap-10">
        <OnThisPage entries={docsOutline(doc)} />
        <div className="grid min-w-0 gap-12">
          {DOCS_SECTIONS.map(({ id, title }) => {
            const Content = CONTENT[id]
            return (
              <section key={id} id={id} aria-labelledby={`${id}-heading`} className="grid scroll-mt-32 gap-4 lg:scroll-mt-24">
                <AnchoredHeading id={id} label={title}>
                  <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight text-slate-900">
                    {title}
                  </h2>
                </AnchoredHeading>
                <Content />
              </section>
            )
          })}
        </div>
      </div>
    </Page>
  )
}
