import { Monitor, Smartphone, Tablet } from 'lucide-react'
import { useId } from 'react'
import type { SessionList } from '../../../src/modules/auth/schema'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/spinner'
import { errorMessage } from '../../lib/api'
import { formatDateTime } from '../../lib/dates'
import { relativeTime } from '../../lib/relative-time'
import { toast } from '../../lib/toast'
import { endSession, useSessions } from './api'

type SignedInSession = SessionList['sessions'][number]

let regions: Intl.DisplayNames | undefined

/** A country code by its name in the reader's language; the code where the name is unknown. */
function countryName(code: string) {
  try {
    regions ??= new Intl.DisplayNames(undefined, { type: 'region' })
    return regions.of(code) ?? code
  } catch {
    return code
  }
}

const nameOf = (session: SignedInSession) => `${session.browser} on ${session.device}`

function DeviceIcon({ device }: { device: string }) {
  const Icon = /iPad|tablet/i.test(device) ? Tablet : /iPhone|phone/i.test(device) ? Smartphone : Monitor
  return <Icon className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
}

/** Where the account is signed in, each session but this one with a way to end it. */
export function SessionsCard() {
  const { data, error, mutate } = useSessions()
  const titleId = useId()
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Sessions</CardTitle>
        <CardDescription>Where your account is signed in. End a session you do not recognise: that device is signed out at once.</CardDescription>
      </CardHeader>
      <CardContent className="p-0 pt-4 sm:p-0 sm:pt-5">
        {error && !data ? (
          <div className="grid justify-items-start gap-3 px-5 pb-5 sm:px-6 sm:pb-6">
            <Alert variant="destructive">{errorMessage(error, 'The sessions could not be loaded.')}</Alert>
            <Button variant="outline" size="sm" onClick={() => void mutate()}>
              Try Again
            </Button>
          </div>
        ) : !data ? (
          <SessionListSkeleton />
        ) : data.sessions.length === 0 ? (
          <div className="px-5 pb-5 sm:px-6 sm:pb-6">
            <EmptyState title="No sessions" description="No device is signed in to your account." />
          </div>
        ) : (
          <>
            <ul className="divide-y divide-slate-100 border-t border-slate-100">
              {data.sessions.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </ul>
            {data.sessions.length === 1 && <p className="border-t border-slate-100 px-5 py-4 text-sm text-slate-500 sm:px-6">No other device is signed in.</p>}
          </>
        )}
      </CardContent>
    </Card>
  )
}

function SessionRow({ session }: { session: SignedInSession }) {
  const name = nameOf(session)
  async function end() {
    try {
      await endSession(session.id)
      toast({ title: 'Session ended', description: `${name} is signed out.` })
    } catch (failure) {
      toast({ title: 'Failed to end the session', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
      throw failure
    }
  }
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-4 sm:px-6" data-testid="session-row">
      <DeviceIcon device={session.device} />
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
          <span className="break-words">{name}</span>
          {session.current && <Badge variant="secondary">This device</Badge>}
        </p>
        <p className="mt-0.5 text-xs break-words text-slate-500">
          {session.country && <>{countryName(session.country)} · </>}
          Signed in <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time> · Last seen:{' '}
          <time dateTime={session.lastSeenAt}>{relativeTime(session.lastSeenAt)}</time>
        </p>
      </div>
      {!session.current && (
        <ConfirmDialog
          title={`End the session of ${name}?`}
          description="That device is signed out at once. Signing in there again starts a new session."
          confirmLabel="End Session"
          destructive
          onConfirm={end}
          trigger={
            <Button variant="outline" size="sm" className="text-red-700 hover:bg-red-50" aria-label={`End the session of ${name}`}>
              End
            </Button>
          }
        />
      )}
    </li>
  )
}

/** Two rows in the list's shape while it loads, so the cards below do not jump when it arrives. */
function SessionListSkeleton() {
  return (
    <div role="status" aria-label="Loading sessions..." className="divide-y divide-slate-100 border-t border-slate-100">
      {[0, 1].map((row) => (
        <div key={row} className="flex items-center gap-4 px-5 py-4 sm:px-6">
          <Skeleton className="size-5" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56 max-w-full" />
          </div>
        </div>
      ))}
    </div>
  )
}
