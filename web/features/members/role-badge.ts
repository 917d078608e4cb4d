import type { MemberRole } from '../../../src/shared/members'
import type { BadgeVariant } from '../../components/ui/badge'

export const ROLE_BADGE: Record<MemberRole, BadgeVariant> = { owner: 'default', admin: 'secondary', member: 'outline', viewer: 'outline' }
