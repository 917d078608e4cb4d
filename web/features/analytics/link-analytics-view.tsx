import { BarChart3, Download, RotateCw } from 'lucide-react'
import { useState } from 'react'
import { DEFAULT_ANALYTICS_PERIOD, type AnalyticsPeriod } from '../../../src/shared/analytics'
import { DailyChart } from '../../components/daily-chart'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { CopyButton } from '../../components/ui/copy-button'
import { EmptyState } from '../../components/ui/empty-state'
import { LoadingState, Spinner } from '../../components/ui/spinner'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { AnalyticsTotals } from './analytics-totals'
import { downloadEventsCsv, useLinkAnalytics, type Link } from './api'
import { BreakdownTables } from './breakdown-tables'
import { CardTestResults } from './card-test-results'
import { ImportedHistory } from './imported-history'
import { DAILY_SERIES, PERIOD_LABELS } from './labels'
import { PeriodPicker } from './period-picker'
import { VariantResults } from './variant-results'

/** A link's analytics: period picker, per-day chart, totals, breakdowns and CSV export. */
export function LinkAnalyticsView({ link }: { link: Link }) {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD)
  const { data, error, isLoading, isValidating, mutate, range } = useLinkAnalytics(link.id, period)
  const [isExporting, setIsExporting] = useState(false)

  async function exportCsv() {
    setIsExporting(true)
    try {
      await downloadEventsCsv(link, range)
    } catch (failure) {
      toast({ title: 'Failed to export CSV', description: errorMessage(failure, 'The events could not be downloaded.'), variant: 'destructive' })
    } finally {
      setIsExporting(false)
    }
  }

  const isEmpty = data !== undefined && data.totals.clicks + data.totals.previews === 0
  return (
    <div className="grid gap-6" aria-busy={isValidating}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PeriodPicker value={period} onChange={setPeriod} className="w-full sm:w-auto" />
        <div className="flex items-center gap-3">
          {isValidating && data && <Spinner label="Updating..." className="text-slate-400" />}
          <Button variant="outline" onClick={exportCsv} isLoading={isExporting} disabled={!data} className="w-full sm:w-auto">
            <Download aria-hidden="true" />
            Export CSV
          </Button>
        </div>
      </div>

      {link.importedFrom && <ImportedHistory importedFrom={link.importedFrom} />}

      {error && !data && (
        <Alert variant="destructive" title="Failed to fetch analytics">
          <div className="mt-2">
            <Button variant="outline" size="sm" onClick={() => void mutate()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        </Alert>
      )}
      {/* A screen tall, as the analytics will be: what follows them waits below the fold, so it does not move when they come. */}
      {isLoading && !data && <LoadingState label="Loading analytics..." className="min-h-dvh items-start" />}

      {data && (
        <>
          <Card className="min-w-0" data-testid="analytics-chart">
            <CardHeader>
              <CardTitle>Clicks and previews per day</CardTitle>
              <CardDescription>
                Last {PERIOD_LABELS[period].toLowerCase()}: {data.from} to {data.to} (UTC days).
              </CardDescription>
            </CardHeader>
            <CardContent>
              {isEmpty ? (
                <EmptyState
                  icon={BarChart3}
                  title="No clicks or previews yet"
                  description="Share the short link: people's clicks and the previews platforms show appear here within seconds."
                  action={<CopyButton value={link.url} label="Copy short link" />}
                />
              ) : (
                <DailyChart data={data.series} series={DAILY_SERIES} label={`Clicks, scans, previews and unique visitors per day, ${data.from} to ${data.to}`} />
              )}
            </CardContent>
          </Card>
          <AnalyticsTotals totals={data.totals} />
          {data.variants && link.variants && <VariantResults link={link} results={data.variants} />}
          {data.cardVariants && link.cardVariant && <CardTestResults link={link} results={data.cardVariants} />}
          <BreakdownTables top10={data.top10} previewsByPlatform={data.previewsByPlatform} />
        </>
      )}
    </div>
  )
}
