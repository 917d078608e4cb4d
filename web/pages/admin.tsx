import { Page } from '../components/page'

export function AdminPage() {
  return <Page title="Super Admin Panel" description="Oversight of every account, user and link." />
}
