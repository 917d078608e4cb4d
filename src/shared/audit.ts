// The audit log as the server records it and the app shows it: who acted, what they did (an action
// is `<thing>.<verb>`), and the fields that changed.

export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'admin', 'system'] as const
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number]
/** Who acted: a person (by e-mail), an API key (by name), Linkcard's staff, or Linkcard itself (a payment provider's event). */
export type AuditActor = { type: AuditActorType; id: string | null; name: string }
/** Who acts, and from which network: what every entry records of its change. */
export type Acting = AuditActor & { address: string | null }

/** A field's value before and after a change. Secrets are never values here: see secretChange. */
export type AuditChanges = Record<string, { from: unknown; to: unknown }>

/** A secret's change without the secret: whether there was one, and whether there is one now. */
export const secretChange = (had: boolean, has: boolean) => ({ from: had ? 'set' : null, to: has ? (had ? 'rotated' : 'set') : null })

/** What an account's owners and admins see recorded, by thing; the panel's own entries keep their names. */
export const AUDIT_ACTIONS = {
  link: { 'link.created': 'Link created', 'link.updated': 'Link changed', 'link.deleted': 'Link deleted' },
  tag: { 'tag.created': 'Tag created', 'tag.updated': 'Tag changed', 'tag.deleted': 'Tag deleted' },
  import: { 'import.started': 'Import started', 'import.finished': 'Import finished' },
  key: { 'key.created': 'API key created', 'key.rolled': 'API key rolled', 'key.revoked': 'API key revoked' },
  webhook: { 'webhook.created': 'Webhook added', 'webhook.updated': 'Webhook changed', 'webhook.deleted': 'Webhook removed' },
  member: {
    'member.invited': 'Member invited',
    'member.joined': 'Member joined',
    'member.role_changed': 'Role changed',
    'member.removed': 'Member removed',
    'member.left': 'Member left',
    'invitation.revoked': 'Invitation withdrawn',
  },
  domain: { 'domain.added': 'Domain added', 'domain.changed': 'Domain changed', 'domain.removed': 'Domain removed' },
  brand: { 'brand.changed': 'Brand changed' },
  account: {
    'account.renamed': 'Workspace renamed',
    'account.plan_changed': 'Plan changed',
    'account.ownership_transferred': 'Ownership transferred',
    'account.second_factor_required': 'Two-factor sign-in required of every member',
    'account.second_factor_optional': 'Two-factor sign-in no longer required',
  },
  billing: { 'billing.checkout_started': 'Checkout started', 'billing.portal_opened': 'Billing portal opened', 'billing.subscription_changed': 'Subscription changed' },
  security: {
    'security.two_factor_enabled': 'Two-factor sign-in turned on',
    'security.two_factor_disabled': 'Two-factor sign-in turned off',
    'security.session_ended': 'Session ended',
    'security.passkey_added': 'Passkey added',
    'security.passkey_removed': 'Passkey removed',
    'security.two_factor_reset': 'Two-factor sign-in reset by Linkcard staff',
  },
} as const

export type AuditKind = keyof typeof AUDIT_ACTIONS
export type AuditAction = { [K in AuditKind]: keyof (typeof AUDIT_ACTIONS)[K] }[AuditKind]
/** What a user does to their own sign-in, recorded in the account they work in. */
export type SecurityAction = keyof (typeof AUDIT_ACTIONS)['security']

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  link: 'Links',
  tag: 'Tags',
  import: 'Imports',
  key: 'API keys',
  webhook: 'Webhooks',
  member: 'Members and invitations',
  domain: 'Domains',
  brand: 'Brand',
  account: 'Workspace and plan',
  billing: 'Billing',
  security: 'Security',
}

// The super-admin panel's own actions, which an account's log shows when they concern it.
const PANEL_LABELS = { 'user.deleted': 'User deleted', 'account.deleted': 'Account deleted' }
const LABELS: Record<string, string> = Object.assign({ ...PANEL_LABELS }, ...Object.values(AUDIT_ACTIONS))

/** The action in words ("Link created"); one the app does not know (the panel's, a newer server's) as it is. */
export const auditActionLabel = (action: string) => LABELS[action] ?? action

export const AUDIT_PAGE_DEFAULT = 50
export const AUDIT_PAGE_MAX = 200

export const AUDIT_MESSAGES = {
  action: `action must be a kind (${Object.keys(AUDIT_ACTIONS).join(', ')}) or one of its actions, like link.created.`,
  date: 'from and to must be dates (YYYY-MM-DD) or ISO-8601 times.',
  range: 'from must not be after to.',
  cursor: 'This cursor is not one of the audit log’s. Start again from the first page.',
  limit: `limit must be a whole number from 1 to ${AUDIT_PAGE_MAX}.`,
} as const

/** The CSV file's name for a day. */
export const auditExportFileName = (now: Date) => `linkcard-audit-log-${now.toISOString().slice(0, 10)}.csv`
