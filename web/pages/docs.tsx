import type { ReactNode } from 'react'
import { Page } from '../components/page'
import { ApiReference } from '../features/docs/reference'
import { ApiTester } from '../features/docs/api-tester'
import { EdgeWorkerSection } from '../features/docs/edge-worker-section'
import { GettingStarted } from '../features/docs/getting-started'
import { TypeScriptClient } from '../features/docs/typescript-client'

const SECTIONS = [
  { id: 'getting-started', title: 'Getting Started' },
  { id: 'typescript', title: 'TypeScript Client' },
  { id: 'reference', title: 'API Reference' },
  { id: 'try-it-out', title: 'Try It Out' },
  { id: 'edge-worker', title: 'Edge Worker' },
]

function DocsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="grid scroll-mt-24 gap-4">
      <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

export function DocsPage() {
  return (
    <Page title="API Documentation" description="Create and manage short links with social previews over a simple REST API.">
      <nav aria-label="On this page" className="mb-8 flex flex-wrap gap-2">
        {SECTIONS.map((section) => (
          <a key={section.id} href={`#${section.id}`} className="rounded-full border border-slate-200 px-3 py-1 text-sm text-slate-600 hover:border-brand-300 hover:text-brand-700">
            {section.title}
          </a>
        ))}
      </nav>
      <div className="grid gap-12">
        <DocsSection id="getting-started" title="Getting Started">
          <GettingStarted />
        </DocsSection>
        <DocsSection id="typescript" title="TypeScript Client">
          <TypeScriptClient />
        </DocsSection>
        <DocsSection id="reference" title="API Reference">
          <ApiReference />
        </DocsSection>
        <DocsSection id="try-it-out" title="Try It Out">
          <ApiTester />
        </DocsSection>
        <DocsSection id="edge-worker" title="Edge Worker">
          <EdgeWorkerSection />
        </DocsSection>
      </div>
    </Page>
  )
}
