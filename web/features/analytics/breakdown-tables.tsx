import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import type { LinkAnalytics } from './api'
import { breakdownLabel, type BreakdownKind } from './labels'

const TABLES: { kind: BreakdownKind; title: string; column: string; counts: string }[] = [
  { kind: 'referrers', title: 'Referrers', column: 'Site', counts: 'Clicks' },
  { kind: 'platforms', title: 'Platforms', column: 'Platform', counts: 'Previews' },
  { kind: 'countries', title: 'Countries', column: 'Country', counts: 'Clicks' },
  { kind: 'devices', title: 'Devices', column: 'Device', counts: 'Clicks' },
  { kind: 'browsers', title: 'Browsers', column: 'Browser', counts: 'Clicks' },
  { kind: 'oses', title: 'Operating systems', column: 'OS', counts: 'Clicks' },
]

/** The top 10 of each breakdown, with each row's share of the table as a bar; platforms with their verified and unverified previews apart. */
export function BreakdownTables({ top10, previewsByPlatform }: Pick<LinkAnalytics, 'top10' | 'previewsByPlatform'>) {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {TABLES.map((table) =>
        table.kind === 'platforms' ? (
          <PlatformPreviews key={table.kind} rows={previewsByPlatform.slice(0, 10)} />
        ) : (
          <Breakdown key={table.kind} {...table} rows={top10[table.kind]} />
        ),
      )}
    </div>
  )
}

const CHECKED_BY: Record<string, string> = { ranges: 'Checked by address', 'reverse-dns': 'Checked by reverse DNS' }

/**
 * Previews by platform: those counted, and apart the cards served to requests that claimed the
 * platform from an address not its own (never counted). Each platform says how its crawler is
 * checked; one whose previews are made on the sender's device cannot be, and says so.
 */
export function PlatformPreviews({ rows, title = 'Platforms' }: { rows: LinkAnalytics['previewsByPlatform']; title?: string }) {
  const total = rows.reduce((sum, row) => sum + row.previews, 0)
  return (
    <Card className="min-w-0" data-testid="breakdown-platforms">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">No previews in this period.</p>
        ) : (
          <table className="w-full table-fixed text-sm">
            <thead>
              <tr className="text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
                <th scope="col" className="pb-2 font-medium">
                  Platform
                </th>
                <th scope="col" className="w-20 pb-2 text-right font-medium">
                  Previews
                </th>
                <th scope="col" className="w-24 pb-2 text-right font-medium" title="Cards served to requests that claimed the platform from an address not its own: never counted">
                  Unverified
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const label = breakdownLabel('platforms', row.platform)
                return (
                  <tr key={row.platform} data-testid="breakdown-row">
                    <td className="py-1.5 pr-3">
                      <div className="relative">
                        <div className="absolute inset-y-0 left-0 rounded bg-brand-50" style={{ width: `${total === 0 ? 0 : (row.previews / total) * 100}%` }} aria-hidden="true" />
                        <span className="relative block truncate px-2 pt-0.5 text-slate-800" title={label}>
                          {label}
                        </span>
                        <span className="relative block truncate px-2 pb-0.5 text-xs text-slate-500">{row.verifiedBy ? CHECKED_BY[row.verifiedBy] : 'Cannot be checked'}</span>
                      </div>
                    </td>
                    <td className="py-1.5 text-right text-slate-700 tabular-nums">{row.previews.toLocaleString('en-US')}</td>
                    <td className={`py-1.5 text-right tabular-nums ${row.unverified > 0 ? 'text-amber-700' : 'text-slate-400'}`}>{row.unverified.toLocaleString('en-US')}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  )
}

type BreakdownProps = { kind: BreakdownKind; title: string; column: string; counts: string; rows: LinkAnalytics['top10'][BreakdownKind] }

function Breakdown({ kind, title, column, counts, rows }: BreakdownProps) {
  const total = rows.reduce((sum, row) => sum + row.count, 0)
  return (
    <Card className="min-w-0" data-testid={`breakdown-${kind}`}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
            {kind === 'platforms' ? 'No previews in this period.' : 'No clicks in this period.'}
          </p>
        ) : (
          <table className="w-full table-fixed text-sm">
            <thead>
              <tr className="text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
                <th scope="col" className="pb-2 font-medium">
                  {column}
                </th>
                <th scope="col" className="w-20 pb-2 text-right font-medium">
                  {counts}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const label = breakdownLabel(kind, row.name)
                return (
                  <tr key={row.name ?? ''} data-testid="breakdown-row">
                    <td className="py-1.5 pr-3">
                      <div className="relative">
                        <div className="absolute inset-y-0 left-0 rounded bg-brand-50" style={{ width: `${(row.count / total) * 100}%` }} aria-hidden="true" />
                        <span className="relative block truncate px-2 py-0.5 text-slate-800" title={label}>
                          {label}
                        </span>
                      </div>
                    </td>
                    <td className="py-1.5 text-right text-slate-700 tabular-nums">{row.count.toLocaleString('en-US')}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  )
}
