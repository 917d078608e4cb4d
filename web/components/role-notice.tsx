import { ShieldAlert } from 'lucide-react'
import { MEMBER_MESSAGES, ROLE_LABELS, type Permission } from '../../src/shared/members'
import { useCurrentUser } from '../lib/session'
import { EmptyState } from './ui/empty-state'

/** What a screen shows, in place of what it manages, to someone whose role in the account may not use it. */
export function RoleNotice({ permission, title }: { permission: Permission; title: string }) {
  const user = useCurrentUser()
  return (
    <EmptyState
      icon={ShieldAlert}
      title={title}
      description={`You are ${user ? `a ${ROLE_LABELS[user.role].toLowerCase()}` : 'signed in'} in ${user?.accountName ?? 'this account'}. ${MEMBER_MESSAGES.forbidden(permission)}`}
      titleAs="h2"
    />
  )
}
