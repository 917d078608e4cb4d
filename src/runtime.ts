// The composition root: opens and starts every stateful part of Linkcard in order, and stops them
// in reverse. Importing a module starts nothing; this does, for the server (index.ts), the
// commands and in-process tests.
import { connectBus } from './platform/bus'
import { provideEventOutbox } from './platform/events'
import { startCounters } from './platform/counters'
import { closeDb, migrate, openDatabase, upgradeOnce } from './platform/db'
import { config } from './platform/config'
import { Lifecycle } from './platform/lifecycle'
import { startTracing } from './platform/tracing'
import { SQLITE_READER_ENTRY } from './threads'
import { connectSharedState } from './platform/topology'
import { describeAgent } from './modules/analytics/classify'
import { countryOf } from './modules/analytics/geo'
import { startEventPartitions } from './modules/analytics/event-partitions'
import { eventBacklog, startRecording } from './modules/analytics/recorder'
import { clickTrends, linkCountsSql, linkTotals, startEventPruning } from './modules/analytics/service'
import { revokeApiKeysCreatedBy, startKeyUseFlushing } from './modules/api-keys/service'
import { actingOf, recordAccountChange, startAuditLogSweep } from './modules/audit/service'
import { provideToAuth } from './modules/auth/service'
import { startSessionUseFlushing } from './modules/auth/session-use'
import { startCrawlerChecks } from './modules/crawlers/service'
import { provideDomainLinks, startDomainChecks, startUnknownPathCounting } from './modules/domains/service'
import { importQueueDepth, startImports } from './modules/imports/service'
import { addOwner, findUserAtWork, provideMemberCleanup } from './modules/members/service'
import { provideLinkCounts } from './modules/links/listing'
import { provideLinkHealth } from './modules/links/health'
import { checksOf, linkIdsIn, startLinkHealthChecks } from './modules/link-health/service'
import { countLinksOnDomain, deleteLinksCreatedBy, rekeyTags } from './modules/links/service'
import { linkCacheFigures } from './modules/links/resolve'
import { provideMetricSources, startMetrics } from './modules/metrics/service'
import { startUsageFlushing } from './modules/usage/service'
import { rekeyUtmPresets } from './modules/utm-presets/service'
import { startWebhooks, webhookOutbox, webhookQueueDepth } from './modules/webhooks/service'

/** The database, opened and migrated: all that the commands (grant-admin, backup) need. */
export async function startDatabase(lifecycle = new Lifecycle()) {
  await lifecycle.start('database', () => {
    openDatabase({ readerThread: SQLITE_READER_ENTRY })
    return { stop: closeDb }
  })
  await lifecycle.start('migrations', migrate)
  await lifecycle.start('data upgrades', upgradeData)
  return lifecycle
}

/** Stored data that the product's own code (not SQL) changes on an upgrade: once each, after the migrations. */
async function upgradeData() {
  // Names unique in an account are compared after Unicode normalisation since this release.
  await upgradeOnce('tag-keys-unicode', rekeyTags)
  await upgradeOnce('utm-preset-keys-unicode', rekeyUtmPresets)
}

/** Everything a serving instance runs besides its HTTP server; `background: false` leaves out the periodic checks and pruning. */
export async function startLinkcard({ background = true } = {}) {
  // A module calls the ones built on it only through what is handed over here; it tells them of
  // its changes through account events (platform/events.ts) and drops their caches through the bus.
  provideToAuth({
    findUserAtWork,
    addOwner,
    revokeApiKeysCreatedBy,
    describeAgent,
    countryOf,
    recordSecurityChange: (tx, actor, action, target) => recordAccountChange(tx, actingOf(actor), { accountId: actor.accountId, action, target }),
  })
  provideMemberCleanup({ deleteLinksCreatedBy, revokeApiKeysCreatedBy })
  provideLinkCounts({ totals: linkTotals, countsSql: linkCountsSql, trends: clickTrends })
  provideLinkHealth({ checksOf, linkIdsIn })
  provideDomainLinks({ countLinksOn: countLinksOnDomain })
  provideMetricSources({ linkCache: linkCacheFigures, eventBacklog, webhookQueue: webhookQueueDepth, importQueue: importQueueDepth })
  // Changes store their webhook messages in their own transactions, whether or not this instance sends them.
  provideEventOutbox(webhookOutbox)
  const lifecycle = new Lifecycle()
  // First started, last stopped: the spans of everything else's shutdown still reach the collector.
  await lifecycle.start('tracing', startTracing)
  await startDatabase(lifecycle)
  // Only an instance that serves GET /metrics keeps its registry and the process's collectors.
  if (config.metricsToken) await lifecycle.start('metrics', startMetrics)
  await lifecycle.start('shared state', connectSharedState)
  await lifecycle.start('counters', startCounters)
  // Other instances' cache invalidations (revoked keys, changed links) arrive through Redis or PostgreSQL.
  await lifecycle.start('bus', connectBus)
  await lifecycle.start('event partitions', startEventPartitions)
  await lifecycle.start('event recording', startRecording)
  await lifecycle.start('crawler checks', startCrawlerChecks)
  await lifecycle.start('usage counting', startUsageFlushing)
  await lifecycle.start('API key use', startKeyUseFlushing)
  await lifecycle.start('session use', startSessionUseFlushing)
  await lifecycle.start('unknown paths', startUnknownPathCounting)
  await lifecycle.start('imports', startImports)
  await lifecycle.start('webhooks', startWebhooks)
  if (background) {
    await lifecycle.start('custom domain checks', startDomainChecks)
    await lifecycle.start('event pruning', startEventPruning)
    await lifecycle.start('audit log sweep', startAuditLogSweep)
    await lifecycle.start('link health checks', startLinkHealthChecks)
  }
  return lifecycle
}
