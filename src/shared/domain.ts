// Value sets shared by the server, the database schema and the web app.

export const PLANS = ['free', 'indie', 'pro', 'enterprise'] as const
export type Plan = (typeof PLANS)[number]

export const TWITTER_CARDS = ['summary', 'summary_large_image', 'app', 'player'] as const
export type TwitterCard = (typeof TWITTER_CARDS)[number]
export const DEFAULT_TWITTER_CARD: TwitterCard = 'summary_large_image'

export const EVENT_TYPES = ['click', 'preview'] as const
export type EventType = (typeof EVENT_TYPES)[number]
