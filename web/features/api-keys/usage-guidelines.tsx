import { Link } from 'wouter'
import { API_RATE_LIMITS } from '../../../src/shared/api-keys'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'

const number = (n: number) => n.toLocaleString('en-US')

export function UsageGuidelines() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Usage Guidelines</CardTitle>
        <CardDescription>How to use your keys with the public API.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 text-sm leading-relaxed text-slate-700">
          <li>
            <span className="font-medium text-slate-900">Authentication.</span> Send the key in the Authorization header:{' '}
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[13px]">Authorization: Bearer lnk_your_key</code>
          </li>
          <li>
            <span className="font-medium text-slate-900">Keep keys secret.</span> Use them from your server, never in a web page or app your users
            download, and never commit them to a repository. Roll or revoke a key as soon as it may have leaked; rolling can keep the old
            key working for a while, so you can swap it without downtime.
          </li>
          <li>
            <span className="font-medium text-slate-900">Rate limits.</span> {number(API_RATE_LIMITS.perHour)} requests per hour,{' '}
            {number(API_RATE_LIMITS.perDay)} per day, with bursts of up to {number(API_RATE_LIMITS.perMinute)} per minute. The hour and the day
            count for the whole account, all its keys together; the minute counts for each key.
          </li>
          <li>
            Every call is described in the{' '}
            <Link href="/docs" className="font-medium text-brand-600 underline-offset-4 hover:underline">
              API documentation
            </Link>
            .
          </li>
        </ul>
      </CardContent>
    </Card>
  )
}
