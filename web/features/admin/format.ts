import type { Plan } from '../../../src/shared/domain'
import { PLAN_INFO } from '../../../src/shared/plans'
import type { BadgeVariant } from '../../components/ui/badge'

export const planName = (plan: Plan) => PLAN_INFO[plan].name

export const PLAN_BADGE: Record<Plan, BadgeVariant> = { free: 'secondary', indie: 'default', pro: 'success', enterprise: 'warning' }
