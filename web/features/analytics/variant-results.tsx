import { Trophy } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { keepVariant, type Link, type LinkAnalytics } from './api'

type VariantResultsProps = { link: Pick<Link, 'id' | 'variants'>; results: NonNullable<LinkAnalytics['variants']> }

const percent = (part: number, whole: number) => (whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`)

/** One number of a target: labelled on a phone, under the table's heading on wider screens. */
function Figure({ label, value, muted }: { label: string; value: string; muted?: boolean }) {
  return (
    <span className={`text-sm tabular-nums sm:text-right ${muted ? 'text-slate-500' : 'text-slate-700'}`}>
      <span className="text-xs text-slate-500 sm:sr-only">{label} </span>
      {value}
    </span>
  )
}

/**
 * A split test's clicks per target in the period, each beside the share of people it is meant to
 * get, and a way to end the test keeping one target.
 */
export function VariantResults({ link, results }: VariantResultsProps) {
  const clicks = results.reduce((sum, row) => sum + row.clicks, 0)
  const weights = link.variants ?? []
  const totalWeight = weights.reduce((sum, variant) => sum + variant.weight, 0)
  const best = Math.max(...results.map((row) => row.clicks))

  async function keep(targetUrl: string) {
    try {
      await keepVariant(link.id, targetUrl)
      toast({ title: 'Split test ended', description: `Everyone now goes to ${targetUrl}` })
    } catch (failure) {
      toast({ title: 'Failed to end the split test', description: errorMessage(failure, 'Please try again in a moment.'), variant: 'destructive' })
      throw failure
    }
  }

  return (
    <Card className="min-w-0" data-testid="variant-results">
      <CardHeader>
        <CardTitle>Split test</CardTitle>
        <CardDescription>People's clicks in this period per target. Keep the one that works best to end the test: everyone then goes there.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* A table's columns on wide screens; on a phone each target is a block of its own, its numbers under it. */}
        <div className="hidden grid-cols-[minmax(0,1fr)_5rem_5rem_5rem_8rem] gap-3 pb-2 text-xs font-medium tracking-wide text-slate-500 uppercase sm:grid" aria-hidden="true">
          <span>Target</span>
          <span className="text-right">Meant for</span>
          <span className="text-right">Clicks</span>
          <span className="text-right">Share</span>
        </div>
        <ul className="grid">
          {results.map((row) => {
            const weight = weights.find((variant) => variant.targetUrl === row.targetUrl)?.weight ?? 0
            const isLeading = clicks > 0 && row.clicks === best
            return (
              <li
                key={row.targetUrl}
                data-testid="variant-result"
                className="grid grid-cols-3 items-center gap-x-3 gap-y-1 border-t border-slate-100 py-2.5 sm:grid-cols-[minmax(0,1fr)_5rem_5rem_5rem_8rem]"
              >
                <span className="col-span-3 flex min-w-0 items-center gap-1.5 sm:col-span-1">
                  {isLeading && <Trophy className="size-4 shrink-0 text-amber-500" aria-label="Most clicks" />}
                  <span className="truncate text-sm text-slate-800" title={row.targetUrl}>
                    {row.targetUrl}
                  </span>
                </span>
                <Figure label="Meant for" value={percent(weight, totalWeight)} muted />
                <Figure label="Clicks" value={row.clicks.toLocaleString('en-US')} />
                <Figure label="Share" value={percent(row.clicks, clicks)} />
                <span className="col-span-3 sm:col-span-1 sm:text-right">
                  <ConfirmDialog
                    title="End the split test?"
                    description={`Everyone will go to ${row.targetUrl}, and the other targets are dropped. The clicks counted so far stay in the link's analytics.`}
                    confirmLabel="Keep this target"
                    onConfirm={() => keep(row.targetUrl)}
                    trigger={
                      <Button variant="outline" size="sm" aria-label={`Keep ${row.targetUrl}`} className="max-sm:w-full">
                        Keep this one
                      </Button>
                    }
                  />
                </span>
              </li>
            )
          })}
        </ul>
      </CardContent>
    </Card>
  )
}
