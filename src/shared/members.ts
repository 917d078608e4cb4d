// An account's people: their roles and what each role may do. The server checks every call
// against this table; the web app shows it and hides what a role may not do.

export const MEMBER_ROLES = ['owner', 'admin', 'member', 'viewer'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]
/** The roles an invitation or a role change can give: an account has one owner, made by a transfer. */
export const INVITABLE_ROLES = ['admin', 'member', 'viewer'] as const satisfies readonly MemberRole[]
export type InvitableRole = (typeof INVITABLE_ROLES)[number]

export const PERMISSIONS = {
  'links:read': { label: 'See links, analytics and usage', roles: ['owner', 'admin', 'member', 'viewer'] },
  'links:write': { label: 'Create, edit, import and delete links', roles: ['owner', 'admin', 'member'] },
  'integrations:manage': { label: 'Manage API keys and webhooks', roles: ['owner', 'admin'] },
  'domains:manage': { label: 'Manage the workspace name, custom domains and brand', roles: ['owner', 'admin'] },
  'members:manage': { label: 'Invite, change and remove members', roles: ['owner', 'admin'] },
  'audit:read': { label: 'Read the audit log', roles: ['owner', 'admin'] },
  'billing:manage': { label: 'Manage the plan and billing', roles: ['owner'] },
} as const satisfies Record<string, { label: string; roles: readonly MemberRole[] }>
export type Permission = keyof typeof PERMISSIONS

export const ROLE_LABELS: Record<MemberRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member', viewer: 'Viewer' }

/** The role in a sentence: "as an admin", "is now a viewer". */
export const aRole = (role: MemberRole) => (role === 'owner' ? 'the owner' : `${role === 'admin' ? 'an' : 'a'} ${role}`)

export function can(role: MemberRole, permission: Permission) {
  return (PERMISSIONS[permission].roles as readonly MemberRole[]).includes(role)
}

// What a workspace (an account) is called: asked at sign-up, changed in Settings.
export const ACCOUNT_NAME_MAX = 60

/** What is wrong with a workspace name, trimmed; undefined when it may be used. */
export function accountNameError(name: string): string | undefined {
  const trimmed = name.trim()
  if (!trimmed || trimmed.length > ACCOUNT_NAME_MAX || /[\u0000-\u001f\u007f]/.test(trimmed)) return MEMBER_MESSAGES.accountName
  return undefined
}

export const INVITATION_TTL_DAYS = 7
/** Invitations pending at once for one account. */
export const INVITATIONS_MAX = 50

export const MEMBER_MESSAGES = {
  forbidden: (permission: Permission) => `Your role in this account does not allow this: ${PERMISSIONS[permission].label.toLowerCase()} needs ${rolesThatCan(permission)}.`,
  alreadyMember: 'This person is already a member of the account.',
  tooManyInvitations: `An account can have at most ${INVITATIONS_MAX} pending invitations. Withdraw some first.`,
  invitationNotFound: 'Invitation not found.',
  invalidInvitation: 'This invitation link is not valid any more. Ask for a new one.',
  wrongInvitee: (email: string) => `This invitation is for ${email}. Sign in with that address to accept it.`,
  memberNotFound: 'Member not found.',
  accountName: `The workspace name is 1 to ${ACCOUNT_NAME_MAX} characters on one line.`,
  ownerStays: 'The owner cannot be removed or given another role. Transfer the ownership first.',
  adminsOnlyByOwner: 'Only the owner can make someone an admin or change an admin.',
  confirmFirst: 'Confirm your e-mail address before inviting anyone: open the link we sent you.',
  tooManyToAddress: 'You have invited this address too many times today. Please try again tomorrow.',
  ownerOnly: 'Only the owner can transfer the ownership.',
  transferToSelf: 'You own the account already.',
  ownsSharedAccount: 'You own an account with other members. Transfer its ownership or remove its members first.',
  notAMember: 'You are not a member of that account.',
  secondFactorOwnerOnly: 'Only the owner can require two-factor authentication of every member.',
  ownSecondFactorFirst: 'Set up two-factor authentication for yourself first (an authenticator app or a passkey), then require it of every member.',
  secondFactorRequired: 'This workspace requires two-factor authentication. Set up an authenticator app or a passkey to continue.',
} as const

/** The `code` of the refusal a member gets until they set up the second factor their account requires. */
export const SECOND_FACTOR_REQUIRED = 'second_factor_required'

function rolesThatCan(permission: Permission) {
  const names = PERMISSIONS[permission].roles.map((role) => ROLE_LABELS[role].toLowerCase())
  return names.length === 1 ? `the ${names[0]}` : `an ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
}
