import { Page } from '../components/page'

export function DashboardPage() {
  return <Page title="Dashboard" description="Your links, usage and activity at a glance." />
}
