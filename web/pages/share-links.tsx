import { Page } from '../components/page'

export function ShareLinksPage() {
  return <Page title="Share Links" description="Create and manage your short links." />
}
