import type { HTMLAttributes } from 'react'
import { ROLE_LABELS, type MemberRole } from '../../src/shared/members'
import { Badge, type BadgeVariant } from './ui/badge'

const ROLE_BADGE: Record<MemberRole, BadgeVariant> = { owner: 'default', admin: 'secondary', member: 'outline', viewer: 'outline' }

/** A member's role in the colour the members screen and the admin panel both use; its label unless told otherwise. */
export function RoleBadge({ role, children = ROLE_LABELS[role], ...props }: HTMLAttributes<HTMLSpanElement> & { role: MemberRole }) {
  return (
    <Badge variant={ROLE_BADGE[role]} {...props}>
      {children}
    </Badge>
  )
}
