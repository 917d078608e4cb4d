import { Page } from '../components/page'

export function ApiKeysPage() {
  return <Page title="API Keys" description="Keys that authenticate your calls to the public API." />
}
