import { Page } from '../components/page'
import { useEmailStatus } from '../features/account/api'
import { InviteDialog } from '../features/members/invite-dialog'
import { MemberList, rolesToGive } from '../features/members/member-list'
import { RoleTable } from '../features/members/role-table'
import { useCan, useCurrentUser } from '../lib/session'

export function MembersPage() {
  const user = useCurrentUser()
  const mayInvite = useCan('members:manage')
  // Inviting needs one's own address confirmed: the dialog says so before any form.
  const { data: emailStatus } = useEmailStatus(mayInvite)
  return (
    <Page
      title="Members"
      description={`The people who work in ${user?.accountName ?? 'this account'}, and what each may do.`}
      actions={mayInvite && user ? <InviteDialog roles={rolesToGive(user.role)} unconfirmedEmail={emailStatus?.emailVerified === false ? emailStatus.email : undefined} /> : undefined}
    >
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <MemberList />
        <RoleTable />
      </div>
    </Page>
  )
}
