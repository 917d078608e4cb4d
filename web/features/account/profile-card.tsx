import type { User } from '../../../src/modules/auth/schema'
import { PLAN_INFO } from '../../../src/shared/plans'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { formatDate } from '../../lib/dates'

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words text-slate-900">{children}</dd>
    </div>
  )
}

export function ProfileCard({ user }: { user: User }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your account information.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100">
          <Row label="Email">{user.email}</Row>
          <Row label="Account role">{capitalise(user.role)}</Row>
          <Row label="Account">{user.accountName}</Row>
          <Row label="Plan">
            <Badge>{PLAN_INFO[user.plan]?.name ?? capitalise(user.plan)}</Badge>
          </Row>
          <Row label="Member since">{formatDate(user.createdAt)}</Row>
        </dl>
      </CardContent>
    </Card>
  )
}
