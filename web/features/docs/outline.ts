import type { OpenApiDocument, Operation } from './api'

/** A place in the docs a reader can link to and the sidebar lists: a section, a group of endpoints, an endpoint. */
export type OutlineEntry = { id: string; title: string; method?: string; children?: OutlineEntry[] }

/** The fixed sections of /docs, in reading order; the reference's endpoints join them once the document loads. */
export const DOCS_SECTIONS = [
  { id: 'getting-started', title: 'Getting Started' },
  { id: 'typescript', title: 'TypeScript Client' },
  { id: 'reference', title: 'API Reference' },
  { id: 'try-it-out', title: 'Try It Out' },
  { id: 'edge-worker', title: 'Edge Worker' },
] as const

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

// Anchors are what people paste into chats and issues: lower case, readable, and stable as long as
// the method and path are.
const operationAnchor = (method: string, path: string) => slug(`${method} ${path}`)
const tagAnchor = (tag: string) => `${slug(tag)}-endpoints`

const METHOD_ORDER = ['get', 'post', 'patch', 'put', 'delete']

type ReferenceOperation = { id: string; method: string; path: string; operation: Operation }
type ReferenceGroup = { id: string; name: string; description?: string; operations: ReferenceOperation[] }

/** The document's endpoints by tag, in the order the reference draws them and the sidebar lists them. */
export function referenceGroups(doc: OpenApiDocument): ReferenceGroup[] {
  const operations = Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ id: operationAnchor(method, path), path, method, operation })))
    .sort((a, b) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method))
  return (doc.tags ?? [])
    .map((tag) => ({ id: tagAnchor(tag.name), name: tag.name, description: tag.description, operations: operations.filter((o) => o.operation.tags?.includes(tag.name)) }))
    .filter((group) => group.operations.length > 0)
}

/** The outline of /docs: its sections, with the reference's groups and endpoints under it once `doc` is known. */
export function docsOutline(doc: OpenApiDocument | undefined): OutlineEntry[] {
  const endpoints = doc
    ? referenceGroups(doc).map((group) => ({
        id: group.id,
        title: group.name,
        children: group.operations.map((o) => ({ id: o.id, title: o.operation.summary ?? o.path, method: o.method })),
      }))
    : []
  return DOCS_SECTIONS.map((section) => (section.id === 'reference' ? { ...section, children: endpoints } : section))
}
