import { t } from 'elysia'
import { oneOf } from '../../platform/schema'
import { CARD_PLATFORMS } from '../../shared/platform-cards'

const RefreshWay = t.Union([
  t.Object({ kind: t.Literal('api') }),
  t.Object({ kind: t.Literal('tool'), step: t.String(), url: t.String() }),
  t.Object({ kind: t.Literal('wait'), step: t.String() }),
])

export const CardStatus = t.Object({
  cardVersion: t.Integer(),
  platforms: t.Array(
    t.Object({
      platform: oneOf(CARD_PLATFORMS),
      fetchedAt: t.Nullable(t.String({ format: 'date-time', description: "When the platform's crawler last fetched the card; null for never" })),
      version: t.Nullable(t.Integer({ description: 'The card version it got' })),
      refresh: RefreshWay,
    }),
  ),
})
export type CardStatus = typeof CardStatus.static

export const RefreshInput = t.Object({ platform: oneOf(CARD_PLATFORMS, { error: `platform must be one of ${CARD_PLATFORMS.join(', ')}.` }) })
export const Refreshed = t.Object({ platform: oneOf(CARD_PLATFORMS), refreshedAt: t.String({ format: 'date-time' }) })
