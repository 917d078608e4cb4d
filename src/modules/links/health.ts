// A link's health as both APIs show it. The checks are link-health's, which is built on links:
// runtime.ts hands over how to read their verdicts and how to list only links in one state.
import type { SQL } from 'drizzle-orm'
import { handoverOf } from '../../platform/handover'
import { UNCHECKED_HEALTH, type LinkHealth, type LinkHealthFilter, type LinkHealthStatus } from '../../shared/link-health'
import type { LinkRow } from './repo'

/** The last check of a link: what it read (target, image) and what it found. */
export type CheckedHealth = { status: LinkHealthStatus; reason: string | null; checkedAt: Date | null; finalUrl: string | null; checkedTarget: string | null; checkedImage: string | null }

type HealthSource = {
  /** The last check of each of these links that has one. */
  checksOf(linkIds: string[]): Promise<Map<string, CheckedHealth>>
  /** A statement selecting the ids (column link_id) of the account's links whose current target and image were last found in `status`. */
  linkIdsIn(accountId: string, status: LinkHealthFilter): SQL
}

const healthHandover = handoverOf<HealthSource>('link health')
export const provideLinkHealth = healthHandover.provide
export const healthSource = healthHandover.get

/** The link's health now: a check of another target or image than the link has says nothing of it. */
export function healthOf(row: Pick<LinkRow, 'targetUrl' | 'ogImage'>, checked: CheckedHealth | undefined): LinkHealth {
  if (!checked?.checkedAt || checked.checkedTarget !== row.targetUrl || checked.checkedImage !== row.ogImage) return UNCHECKED_HEALTH
  return { status: checked.status, reason: checked.reason, checkedAt: checked.checkedAt.toISOString(), finalUrl: checked.finalUrl }
}
