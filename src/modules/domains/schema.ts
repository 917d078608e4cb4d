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

const RedirectUrl = (description: string) =>
  t.Nullable(t.String({ maxLength: 2048, description: `${description} (http or https); null for none`, error: CUSTOM_DOMAIN_MESSAGES.redirectUrl }))

export const Domain = t.Object({
  id: t.String(),
  hostname: t.String(),
  status: t.UnionEnum(['pending', 'active', 'paused'] as const, {
    description: "DNS: 'active' once the TXT and CNAME records check out; 'paused' while a verified domain's records are gone (its links answer 404 there)",
  }),
  sslStatus: t.UnionEnum(['pending', 'active'] as const, { description: "'active' once a valid certificate is served" }),
  isDefault: t.Boolean({ description: "The account's default domain: the one new links start on in the app, and the one /api/custom-domain speaks of" }),
  rootRedirect: t.Nullable(t.String({ description: "Where the domain's bare root sends people; null for the service's page" })),
  notFoundRedirect: t.Nullable(t.String({ description: 'Where paths that are no link send people; null for a not-found page' })),
  appleAppSiteAssociation: t.Nullable(t.Record(t.String(), t.Unknown(), { description: 'Served at /.well-known/apple-app-site-association for universal links; null for none' })),
  assetLinks: t.Nullable(t.Array(t.Unknown(), { description: 'Served at /.well-known/assetlinks.json for Android app links; null for none' })),
  ownershipVerification: t.Object(DnsRecord.properties),
  cnameRecord: t.Object(DnsRecord.properties),
  verificationErrors: t.Array(t.Object({ message: t.String() })),
  lastCheckedAt: t.Nullable(t.String({ format: 'date-time' })),
  createdAt: t.String({ format: 'date-time' }),
})
export type Domain = typeof Domain.static

export const DomainList = t.Object({ domains: t.Array(Domain) })
export type DomainList = typeof DomainList.static

export const DomainChanges = t.Partial(
  t.Object({
    isDefault: t.Boolean({ error: 'isDefault must be true or false.', description: 'true makes it the default domain; false leaves the account none' }),
    rootRedirect: RedirectUrl("Where the domain's bare root sends people"),
    notFoundRedirect: RedirectUrl('Where paths that are no link send people'),
    appleAppSiteAssociation: t.Nullable(
      t.Record(t.String(), t.Unknown(), {
        description: "The app's apple-app-site-association (an applinks section whose details name the app and its paths), served on the domain; null for none",
      }),
      { error: 'appleAppSiteAssociation must be a JSON object, or null.' },
    ),
    assetLinks: t.Nullable(
      t.Array(t.Unknown(), { description: "The app's Digital Asset Links statements (android_app targets with their certificate fingerprints), served on the domain; null for none" }),
      { error: 'assetLinks must be a JSON list, or null.' },
    ),
  }),
)
export type DomainChanges = typeof DomainChanges.static

export const UnknownPaths = t.Object({
  paths: t.Array(
    t.Object({
      path: t.String({ description: 'The path asked for, without its query' }),
      hits: t.Integer({ description: "People's visits of it" }),
      lastSeenAt: t.String({ format: 'date-time' }),
    }),
  ),
})
export type UnknownPaths = typeof UnknownPaths.static

export const DomainIdParams = t.Object({ id: t.String({ maxLength: 100 }) })
