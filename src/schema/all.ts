// Every table of Linkcard, each written once in the module that owns it, built with one kit.
import type { Kit } from '../platform/db/kit'
import { accountTables } from '../modules/accounts/tables'
import { analyticsTables } from '../modules/analytics/tables'
import { apiKeyTables } from '../modules/api-keys/tables'
import { auditTables } from '../modules/audit/tables'
import { authTables } from '../modules/auth/tables'
import { billingTables } from '../modules/billing/tables'
import { contactTables } from '../modules/contact/tables'
import { domainTables } from '../modules/domains/tables'
import { idempotencyTables } from '../modules/idempotency/tables'
import { imageTables } from '../modules/images/tables'
import { importTables } from '../modules/imports/tables'
import { linkTables } from '../modules/links/tables'
import { linkHealthTables } from '../modules/link-health/tables'
import { memberTables } from '../modules/members/tables'
import { usageTables } from '../modules/usage/tables'
import { utmPresetTables } from '../modules/utm-presets/tables'
import { webhookTables } from '../modules/webhooks/tables'
import { platformTables } from '../platform/tables'

export const allTables = (k: Kit) => ({
  ...accountTables(k),
  ...authTables(k),
  ...memberTables(k),
  ...linkTables(k),
  ...importTables(k),
  ...imageTables(k),
  ...utmPresetTables(k),
  ...analyticsTables(k),
  ...usageTables(k),
  ...apiKeyTables(k),
  ...domainTables(k),
  ...contactTables(k),
  ...auditTables(k),
  ...billingTables(k),
  ...webhookTables(k),
  ...linkHealthTables(k),
  ...idempotencyTables(k),
  ...platformTables(k),
})
