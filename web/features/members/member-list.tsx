import { Crown, Users } from 'lucide-react'
import { useLocation } from 'wouter'
import { aRole, can, ROLE_LABELS, type InvitableRole, type MemberRole } from '../../../src/shared/members'
import { Alert } from '../../components/ui/alert'
import { RoleBadge } from '../../components/role-badge'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { Select } from '../../components/ui/select'
import { Skeleton } from '../../components/ui/spinner'
import { errorMessage } from '../../lib/api'
import { formatDate } from '../../lib/dates'
import { refreshSession, useCurrentUser } from '../../lib/session'
import { toast } from '../../lib/toast'
import { changeRole, mutateMembers, removeMember, transferOwnership, useMembers, withdrawInvitation, type Invitation, type Member } from './api'
import { ROLE_OPTIONS } from './invite-dialog'

/** Whether `you` may change `them`: the owner only by a transfer, an admin only by the owner. */
const mayChange = (you: MemberRole, them: Member) => can(you, 'members:manage') && them.role !== 'owner' && (them.role !== 'admin' || you === 'owner')
/** The roles `you` may give: only the owner makes admins. */
export const rolesToGive = (you: MemberRole) => ROLE_OPTIONS.filter((option) => option.value !== 'admin' || you === 'owner')

async function attempt(work: () => Promise<unknown>, failed: string, done?: { title: string; description?: string }) {
  try {
    await work()
    if (done) toast(done)
  } catch (failure) {
    toast({ title: failed, description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    throw failure
  }
}

/** The account's people: each with their role (a choice for those the viewer may change) and what can be done to them. */
export function MemberList() {
  const { data, error, isLoading } = useMembers()
  const you = useCurrentUser()
  if (error && !data) return <Alert variant="destructive">The members could not be loaded.</Alert>
  if (isLoading || !data || !you) return <MemberListSkeleton mayManage={you ? can(you.role, 'members:manage') : false} />
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>People</CardTitle>
          <CardDescription>
            {data.members.length === 1 ? 'Only you so far.' : `${data.members.length} people work in ${you.accountName}.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="p-0">
          <ul className="divide-y divide-slate-100 border-t border-slate-100">
            {data.members.map((member) => (
              <MemberRow key={member.userId} member={member} yourRole={you.role} />
            ))}
          </ul>
        </CardContent>
      </Card>
      {can(you.role, 'members:manage') &&
        (data.invitations.length > 0 ? (
          <PendingInvitations invitations={data.invitations} />
        ) : (
          data.members.length === 1 && <EmptyState icon={Users} title="No one invited yet" description="Invite the people you work with: each gets a link by e-mail." />
        ))}
    </div>
  )
}

function MemberRow({ member, yourRole }: { member: Member; yourRole: MemberRole }) {
  const [, navigate] = useLocation()
  const isChangeable = !member.isYou && mayChange(yourRole, member)
  async function leave() {
    await attempt(() => removeMember(member.userId), 'Failed to leave the account')
    await refreshSession()
    navigate('/dashboard')
    toast({ title: 'You left the account' })
  }
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-6 py-4" data-testid="member-row">
      <div className="min-w-0 flex-1 basis-56">
        <p className="flex items-center gap-2 truncate font-medium text-slate-900">
          <span className="truncate">{member.email}</span>
          {member.isYou && <Badge variant="secondary">You</Badge>}
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          Joined <time dateTime={member.joinedAt}>{formatDate(member.joinedAt)}</time>
        </p>
      </div>
      {isChangeable ? (
        <Select
          size="sm"
          className="w-32"
          aria-label={`Role of ${member.email}`}
          value={member.role as InvitableRole}
          options={rolesToGive(yourRole)}
          onValueChange={(role) =>
            void attempt(() => changeRole(member.userId, role), 'Failed to change the role', { title: 'Role changed', description: `${member.email} is now ${aRole(role)}.` }).catch(() => undefined)
          }
        />
      ) : (
        <RoleBadge role={member.role} className="w-fit" data-testid="member-role">
          {member.role === 'owner' && <Crown aria-hidden="true" className="size-3" />}
          {ROLE_LABELS[member.role]}
        </RoleBadge>
      )}
      <div className="flex gap-2">
        {yourRole === 'owner' && !member.isYou && (
          <ConfirmDialog
            title={`Make ${member.email} the owner?`}
            description="They will manage billing and can hand the account on again. You stay as an admin."
            confirmLabel="Make Owner"
            onConfirm={() =>
              attempt(async () => {
                await transferOwnership(member.userId)
                await Promise.all([refreshSession(), mutateMembers()])
              }, 'Failed to transfer the ownership', { title: 'Ownership transferred', description: `${member.email} now owns the account.` })
            }
            trigger={
              <Button variant="outline" size="sm" aria-label={`Make ${member.email} the owner`}>
                Make Owner
              </Button>
            }
          />
        )}
        {isChangeable && (
          <ConfirmDialog
            title={`Remove ${member.email}?`}
            description="They lose access to this account's links at once; the API keys they made for it stop working and their invitations are withdrawn. The links they made stay."
            confirmLabel="Remove"
            destructive
            onConfirm={() => attempt(() => removeMember(member.userId), 'Failed to remove the member', { title: 'Member removed', description: `${member.email} no longer has access.` })}
            trigger={
              <Button variant="outline" size="sm" className="text-red-700 hover:bg-red-50" aria-label={`Remove ${member.email}`}>
                Remove
              </Button>
            }
          />
        )}
        {member.isYou && member.role !== 'owner' && (
          <ConfirmDialog
            title="Leave this account?"
            description="You lose access to its links at once. To come back, someone must invite you again."
            confirmLabel="Leave"
            destructive
            onConfirm={leave}
            trigger={
              <Button variant="outline" size="sm" className="text-red-700 hover:bg-red-50">
                Leave
              </Button>
            }
          />
        )}
      </div>
    </li>
  )
}

function PendingInvitations({ invitations }: { invitations: Invitation[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending Invitations</CardTitle>
        <CardDescription>Each link works once, until it expires.</CardDescription>
      </CardHeader>
      <CardContent className="p-0">
        <ul className="divide-y divide-slate-100 border-t border-slate-100">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-6 py-4" data-testid="invitation-row">
              <div className="min-w-0 flex-1 basis-56">
                <p className="truncate font-medium text-slate-900">{invitation.email}</p>
                <p className="mt-0.5 text-xs text-slate-500">
                  Invited by {invitation.invitedBy}, expires <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>
                </p>
              </div>
              <RoleBadge role={invitation.role} />
              <ConfirmDialog
                title={`Withdraw the invitation to ${invitation.email}?`}
                description="The link we mailed stops working."
                confirmLabel="Withdraw"
                destructive
                onConfirm={() => attempt(() => withdrawInvitation(invitation.id), 'Failed to withdraw the invitation', { title: 'Invitation withdrawn' })}
                trigger={
                  <Button variant="outline" size="sm" aria-label={`Withdraw the invitation to ${invitation.email}`}>
                    Withdraw
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

/**
 * The list's shape while it loads, as a new account's looks (one person, no one invited), so the
 * roles table below does not move when the list arrives.
 */
function MemberListSkeleton({ mayManage }: { mayManage: boolean }) {
  return (
    <div role="status" aria-busy="true" aria-label="Loading members" className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>People</CardTitle>
          <Skeleton className="h-4 w-32" />
        </CardHeader>
        <CardContent className="border-t border-slate-100 px-6 py-4">
          <div className="flex items-center gap-4">
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-56 max-w-full" />
              <Skeleton className="h-3 w-24" />
            </div>
            <Skeleton className="h-8 w-24" />
          </div>
        </CardContent>
      </Card>
      {mayManage && <Skeleton className="h-[13.25rem] rounded-xl" />}
    </div>
  )
}
