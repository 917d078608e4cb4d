import { Page } from '../components/page'

export function BillingPage() {
  return <Page title="Plans & Billing" description="Your plan, usage this month and custom domain." />
}
