import { Trophy } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { keepCardVersion, type Link, type LinkAnalytics } from './api'

type CardTestResultsProps = { link: Pick<Link, 'id' | 'cardVariant'>; results: NonNullable<LinkAnalytics['cardVariants']> }

const NAMES = { a: 'Link’s card', b: 'Second card' } as const

/** Clicks per preview to two decimals, or a dash without previews. */
const perPreview = (clicks: number, previews: number) => (previews === 0 ? '—' : (clicks / previews).toFixed(2))

/**
 * A card test's two versions side by side: the previews each served, the clicks it brought (people
 * from a platform whose crawler had last read it) and clicks per preview, and a way to keep one.
 */
export function CardTestResults({ link, results }: CardTestResultsProps) {
  const rate = (row: (typeof results)[number]) => (row.previews === 0 ? -1 : row.clicks / row.previews)
  const best = Math.max(...results.map(rate))

  async function keep(version: 'a' | 'b') {
    try {
      await keepCardVersion(link, version)
      toast({ title: 'Card test ended', description: version === 'b' ? 'The second card is now the link’s card.' : 'The link keeps its own card.' })
    } catch (failure) {
      toast({ title: 'Failed to end the card test', description: errorMessage(failure, 'Please try again in a moment.'), variant: 'destructive' })
      throw failure
    }
  }

  return (
    <Card className="min-w-0" data-testid="card-test-results">
      <CardHeader>
        <CardTitle>Card test</CardTitle>
        <CardDescription>
          Platforms get each card in turn. Clicks count for the card a platform's crawler last read, so a post's clicks go to the card it was shared with.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2">
          {results.map((row) => (
            <li key={row.version} data-testid="card-test-result" className="grid content-start gap-3 rounded-lg border border-slate-200 p-4">
              <div className="flex min-w-0 items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{NAMES[row.version]}</p>
                  <p className="mt-0.5 truncate font-medium text-slate-900" title={row.title}>
                    {row.title}
                  </p>
                </div>
                {best >= 0 && rate(row) === best && <Trophy className="size-5 shrink-0 text-amber-500" aria-label="Most clicks per preview" />}
              </div>
              <dl className="grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-xs text-slate-500">Previews</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">{row.previews.toLocaleString('en-US')}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Clicks</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">{row.clicks.toLocaleString('en-US')}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Per preview</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">{perPreview(row.clicks, row.previews)}</dd>
                </div>
              </dl>
              <ConfirmDialog
                title="End the card test?"
                description={
                  row.version === 'b'
                    ? 'The second card becomes the link’s card, and platforms get it from now on. The counts so far stay in the analytics.'
                    : 'The second card is dropped, and platforms get the link’s own card from now on. The counts so far stay in the analytics.'
                }
                confirmLabel="Keep this card"
                onConfirm={() => keep(row.version)}
                trigger={
                  <Button variant="outline" size="sm" className="justify-self-start max-sm:w-full">
                    Keep this card
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
