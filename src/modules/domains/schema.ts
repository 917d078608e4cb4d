import { t } from 'elysia'
import { CUSTOM_DOMAIN_MESSAGES } from '../../shared/custom-domain'

const DnsRecord = t.Object({ name: t.String(), value: t.String() })

export const CustomDomainInput = t.Object({
  hostname: t.String({ maxLength: 300, error: CUSTOM_DOMAIN_MESSAGES.required, description: 'The hostname, such as links.example.com' }),
})
export type CustomDomainInput = typeof CustomDomainInput.static

export const CustomDomainStatus = t.Object({
  hasCustomDomain: t.Boolean(),
  hostname: t.Nullable(t.String()),
  status: t.Nullable(
    t.UnionEnum(['pending', 'active', 'paused'] as const, {
      description: "DNS: 'active' once the TXT and CNAME records check out; 'paused' while a verified domain's records are gone (its links answer 404 there)",
    }),
  ),
  sslStatus: t.Nullable(t.UnionEnum(['pending', 'active'] as const, { description: "'active' once a valid certificate is served" })),
  verificationErrors: t.Nullable(t.Array(t.Object({ message: t.String() }))),
  ownershipVerification: t.Nullable(t.Object({ ...DnsRecord.properties, type: t.Literal('TXT') })),
  cnameRecord: t.Nullable(t.Object({ ...DnsRecord.properties, type: t.Literal('CNAME') })),
  lastCheckedAt: t.Nullable(t.String({ format: 'date-time' })),
})
export type CustomDomainStatus = typeof CustomDomainStatus.static

export const TlsAskQuery = t.Object({ domain: t.Optional(t.String({ maxLength: 300 })) })
