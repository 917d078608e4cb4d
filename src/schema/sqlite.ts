// What drizzle-kit reads to write the SQLite migrations (`npm run db:generate`): every table,
// built for SQLite. The two dialects' tables are checked to agree column for column.
import { kits } from '../platform/db/kit'
import { allTables } from './all'

export const {
  accounts, users, memberships, invitations, userIdentities, passwordResetTokens, spentTokens, sessions, totpFactors, recoveryCodes, passkeys, shareLinks, formerAliases, tags, linkTags, cardVersions, goneAddresses, linkImports, linkImportChunks, images, utmPresets, linkEventChunks, eventJournal, linkDailyStats, linkDailyBreakdowns, linkDailyVisitors, usageCounters, apiKeys, customDomains, unknownPaths, contactMessages, auditLog, stripeEvents, webhookEndpoints, webhookDeliveries, linkHealth, linkHealthDigests, idempotencyKeys, windowCounters, dataUpgrades,
} = allTables(kits.sqlite)
