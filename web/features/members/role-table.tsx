import { Check, Minus } from 'lucide-react'
import { MEMBER_ROLES, PERMISSIONS, ROLE_LABELS, can, type Permission } from '../../../src/shared/members'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'

/** What each role may do: the very table the server checks every call against. */
export function RoleTable() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Roles</CardTitle>
        <CardDescription>An account has one owner; admins manage people and integrations; members work with links; viewers look.</CardDescription>
      </CardHeader>
      <CardContent className="p-0">
        <Table label="What each role may do">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pr-2 sm:pr-4">Can</TableHead>
              {/* Narrow on a phone, so all four roles fit beside what they may do. */}
              {MEMBER_ROLES.map((role) => (
                <TableHead key={role} className="px-1 text-center tracking-normal sm:px-4">
                  {ROLE_LABELS[role]}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {(Object.keys(PERMISSIONS) as Permission[]).map((permission) => (
              <TableRow key={permission}>
                <TableCell className="min-w-28 pr-2 text-slate-900 sm:min-w-36 sm:pr-4">{PERMISSIONS[permission].label}</TableCell>
                {MEMBER_ROLES.map((role) => (
                  <TableCell key={role} className="px-1 text-center sm:px-4">
                    {can(role, permission) ? (
                      <Check className="mx-auto size-4 text-emerald-600" aria-label="Yes" />
                    ) : (
                      <Minus className="mx-auto size-4 text-slate-300" aria-label="No" />
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  )
}
