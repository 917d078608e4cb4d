// Card and link health: what a check of a link's target and card image found, shared by the server,
// the web app and the docs.

/** `ok`: the target and card image answered as they should; `broken`: one did not; `unknown`: not checked since the link last changed them. */
export const LINK_HEALTH_STATUSES = ['ok', 'broken', 'unknown'] as const
export type LinkHealthStatus = (typeof LINK_HEALTH_STATUSES)[number]

/** The link lists' health filter: `broken` is the app's "Needs attention". */
export const LINK_HEALTH_FILTERS = ['broken', 'ok'] as const
export type LinkHealthFilter = (typeof LINK_HEALTH_FILTERS)[number]

export const LINK_HEALTH_MESSAGES = {
  filter: `health must be one of ${LINK_HEALTH_FILTERS.join(', ')}.`,
  tooManyChecks: 'Too many checks at once. Please try again in a minute.',
} as const

/** What a check of one link answers, as the link's `health` shows it. */
export type LinkHealth = { status: LinkHealthStatus; reason: string | null; checkedAt: string | null; finalUrl: string | null }

export const UNCHECKED_HEALTH: LinkHealth = { status: 'unknown', reason: null, checkedAt: null, finalUrl: null }
