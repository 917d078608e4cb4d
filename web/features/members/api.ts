import useSWR, { mutate } from 'swr'
import type { InvitableRole } from '../../../src/shared/members'
import type { Session } from '../../../src/modules/auth/schema'
import type { Invitation, InvitationPreview, Member, Members } from '../../../src/modules/members/schema'
import { api } from '../../lib/api'

export type { Invitation, InvitationPreview, Member }

const MEMBERS = '/members'

export const useMembers = () => useSWR<Members>(MEMBERS, api.get)

export const mutateMembers = () => mutate(MEMBERS)

export async function invite(email: string, role: InvitableRole) {
  const invitation = await api.post<Invitation>(`${MEMBERS}/invitations`, { email, role })
  await mutateMembers()
  return invitation
}

export async function withdrawInvitation(id: string) {
  await api.delete(`${MEMBERS}/invitations/${encodeURIComponent(id)}`)
  await mutateMembers()
}

export async function changeRole(userId: string, role: InvitableRole) {
  await mutate(MEMBERS, await api.patch<Members>(`${MEMBERS}/${encodeURIComponent(userId)}`, { role }), { revalidate: false })
}

export async function removeMember(userId: string) {
  await api.delete(`${MEMBERS}/${encodeURIComponent(userId)}`)
  await mutateMembers()
}

export async function transferOwnership(userId: string) {
  await api.post(`${MEMBERS}/transfer`, { userId })
}

const invitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`
export const useInvitation = (token: string | null) => useSWR<InvitationPreview>(token ? invitationPath(token) : null, api.get, {
    shouldRetryOnError: false,
    // Read afresh on each visit: signing in on the way clears every cached read.
    revalidateOnMount: true,
    dedupingInterval: 0,
  })
export const acceptInvitation = (token: string) => api.post<Session>(`${invitationPath(token)}/accept`)
export const signUpByInvitation = (token: string, password: string) => api.post<Session>(`${invitationPath(token)}/signup`, { password })
