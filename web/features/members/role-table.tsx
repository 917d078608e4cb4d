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
              <TableHead>Can</TableHead>
              {MEMBER_ROLES.map((role) => (
                <TableHead key={role} className="text-center">
                  {ROLE_LABELS[role]}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {(Object.keys(PERMISSIONS) as Permission[]).map((permission) => (
              <TableRow key={permission}>
                <TableCell className="min-w-36 text-slate-900">{PERMISSIONS[permission].label}</TableCell>
                {MEMBER_ROLES.map((role) => (
                  <TableCell key={role} className="text-center">
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
