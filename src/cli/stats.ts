// `linkcard stats <id>`: a link's clicks, scans and previews, of all time and of a period.
import { answered } from './api'
import { details, json, table, when } from './output'
import type { Context } from './spec'

export async function showStats(context: Context) {
  const { io, flags } = context
  const api = context.api()
  const query = { from: flags.from as string | undefined, to: flags.to as string | undefined }
  const { data: stats } = await answered(api, api.client.GET('/api/stats/{id}', { params: { path: { id: context.args[0]! }, query } }))
  if (context.isJson) return io.out(json(stats))
  const width = io.columns
  const parts = [
    details([['Link', stats.linkId], ['Period', `${stats.from} to ${stats.to} (UTC)`]]),
    table(
      ['', 'IN PERIOD', 'ALL TIME'],
      [
        ['Clicks', String(stats.clicksInPeriod), String(stats.totalClicks)],
        ['  from the QR code', String(stats.scansInPeriod), String(stats.totalScans)],
        ['Previews', String(stats.previewsInPeriod), String(stats.totalPreviews)],
      ],
    ),
  ]
  if (stats.previewsByPlatform.length)
    parts.push(table(['PLATFORM', 'PREVIEWS', 'UNVERIFIED'], stats.previewsByPlatform.map((row) => [row.platform, String(row.previews), String(row.unverified)])))
  if (stats.variants?.length) parts.push(table(['VARIANT', 'CLICKS'], stats.variants.map((row) => [row.targetUrl, String(row.clicks)]), { width, flexible: [0] }))
  if (stats.cardVariants?.length) parts.push(table(['CARD', 'TITLE', 'PREVIEWS', 'CLICKS'], stats.cardVariants.map((row) => [row.version, row.title, String(row.previews), String(row.clicks)]), { width, flexible: [1] }))
  if (stats.recentEvents.length)
    parts.push(
      table(
        ['WHEN', 'WHAT', 'FROM', 'COUNTRY', 'DEVICE'],
        stats.recentEvents.map((event) => [
          when(event.occurredAt),
          event.type === 'preview' ? `preview${event.unverified ? ' (unverified)' : ''}` : event.isScan ? 'scan' : 'click',
          (event.type === 'preview' ? event.platform : event.referrerHost) ?? '',
          event.country ?? '',
          event.device ?? '',
        ]),
        { width, flexible: [2] },
      ),
    )
  io.out(parts.join('\n\n'))
}
