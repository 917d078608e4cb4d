import { Page } from '../components/page'
import { Alert } from '../components/ui/alert'
import { LoadingState } from '../components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs'
import { AccountsTab } from '../features/admin/accounts-tab'
import { useAdminStats } from '../features/admin/api'
import { AuditLogTab } from '../features/admin/audit-log-tab'
import { StatCards } from '../features/admin/stat-cards'
import { UsersTab } from '../features/admin/users-tab'

// The tabs stay mounted (hidden when inactive), so each keeps its page, search and sort.
const TAB_CONTENT = 'data-[state=inactive]:hidden'

export function AdminPage() {
  const { data: stats, error } = useAdminStats()
  return (
    <Page title="Super Admin Panel" description="Oversight of every account, user and link.">
      {!stats && !error ? (
        <LoadingState label="Loading admin panel..." />
      ) : (
        <div className="grid grid-cols-1 gap-8">
          {error && <Alert variant="destructive">Failed to fetch admin stats</Alert>}
          <StatCards stats={stats} />
          <Tabs defaultValue="accounts" className="min-w-0">
            <TabsList>
              <TabsTrigger value="accounts">Accounts</TabsTrigger>
              <TabsTrigger value="users">Users</TabsTrigger>
              <TabsTrigger value="audit-log">Audit Log</TabsTrigger>
            </TabsList>
            <TabsContent value="accounts" forceMount className={TAB_CONTENT}>
              <AccountsTab />
            </TabsContent>
            <TabsContent value="users" forceMount className={TAB_CONTENT}>
              <UsersTab />
            </TabsContent>
            <TabsContent value="audit-log" forceMount className={TAB_CONTENT}>
              <AuditLogTab />
            </TabsContent>
          </Tabs>
        </div>
      )}
    </Page>
  )
}
