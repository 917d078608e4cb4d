import { Page } from '../components/page'

export function DocsPage() {
  return <Page title="API Documentation" description="Create and manage short links with social previews over a simple REST API." />
}
