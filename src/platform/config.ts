// The only reader of process.env. Every setting is checked once at start-up and a bad value
// names its variable, so a self-hoster sees what to fix instead of a stack trace later.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { randomBytes } from 'node:crypto'
import ipaddr from 'ipaddr.js'
import { VERIFIABLE_PLATFORMS } from '../shared/crawler-platforms'
import { PLANS } from '../shared/domain'
import { parseTrustProxy, type TrustProxy } from './proxy'

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim()
  return value ? value : undefined
}

function port(env: Env, name: string, fallback: number): number {
  const raw = text(env, name)
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new ConfigError(`${name} must be a port number from 0 to 65535, got "${raw}".`)
  return value
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = text(env, name)
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${name} must be a positive whole number, got "${raw}".`)
  return value
}

function nonNegativeInt(env: Env, name: string, fallback: number): number {
  const raw = text(env, name)
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number (0 or more), got "${raw}".`)
  return value
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = text(env, name)
  if (raw === undefined) return undefined
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}".`)
  }
  if (!protocols.includes(parsed.protocol))
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${raw}".`)
  return raw
}

/** OpenTelemetry's own settings: the collector's traces endpoint, the service's name and the share of traces kept. */
function tracingSettings(env: Env) {
  if (text(env, 'OTEL_SDK_DISABLED') === 'true') return undefined
  const base = url(env, 'OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:'])
  const endpoint = url(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', ['http:', 'https:']) ?? (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined)
  if (!endpoint) return undefined
  const sampler = oneOf(env, 'OTEL_TRACES_SAMPLER', ['parentbased_always_on', 'parentbased_traceidratio', 'always_on', 'traceidratio'], 'parentbased_always_on')
  const rawRatio = sampler.endsWith('traceidratio') ? (text(env, 'OTEL_TRACES_SAMPLER_ARG') ?? '1') : '1'
  const ratio = Number(rawRatio)
  if (!(ratio >= 0 && ratio <= 1)) throw new ConfigError(`OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, got "${rawRatio}".`)
  return Object.freeze({ endpoint, serviceName: text(env, 'OTEL_SERVICE_NAME') ?? 'linkcard', ratio, followsParent: sampler.startsWith('parentbased') })
}

function hostname(env: Env, name: string): string | undefined {
  const raw = text(env, name)?.toLowerCase()
  if (raw === undefined) return undefined
  if (!/^[a-z0-9.-]+(:\d+)?$/.test(raw)) throw new ConfigError(`${name} must be a host name such as api.example.com, got "${raw}".`)
  return raw
}

/** A comma-separated list of DNS servers, each an IP address with an optional port (1.1.1.1:53, [::1]:5353). */
function dnsServers(env: Env, name: string): string[] | undefined {
  const raw = text(env, name)
  if (raw === undefined) return undefined
  const servers = raw.split(',').map((s) => s.trim()).filter(Boolean)
  const valid = /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-f:.]+\](:\d{1,5})?|[0-9a-f:]*:[0-9a-f:.]+)$/i
  const bad = servers.find((s) => !valid.test(s))
  if (bad !== undefined || servers.length === 0)
    throw new ConfigError(`${name} must be a comma-separated list of DNS server addresses such as 1.1.1.1 or 127.0.0.1:5353, got "${raw}".`)
  return servers
}

function readableFile(env: Env, name: string): string | undefined {
  const raw = text(env, name)
  if (raw === undefined) return undefined
  const path = resolve(raw)
  if (!existsSync(path)) throw new ConfigError(`${name} must name a readable file, got "${raw}".`)
  return path
}

/** A comma-separated list of `host` or `host:port` entries; a host alone matches every port. */
function hostList(env: Env, name: string): readonly { hostname: string; port?: number }[] {
  const entries = (text(env, name) ?? '').split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean)
  return Object.freeze(
    entries.map((entry) => {
      const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(entry)
      const port = match?.[2] === undefined ? undefined : Number(match[2])
      let hostname: string | undefined
      try {
        // The URL parser spells hosts as fetched URLs do (127.1 becomes 127.0.0.1), so entries match them.
        hostname = match ? new URL(`http://${match[1]}`).hostname.replace(/\.$/, '') : undefined
      } catch {}
      if (!hostname || (port !== undefined && (port < 1 || port > 65535)))
        throw new ConfigError(`${name} must be a comma-separated list of hosts or host:port pairs such as wiki.internal,10.0.0.5:8080, got "${entry}".`)
      return { hostname, port }
    }),
  )
}

const isAddressBlock = (entry: unknown) => {
  if (typeof entry !== 'string') return false
  const [address, bits, extra] = entry.trim().split('/')
  const isIpv6 = address.includes(':') && ipaddr.IPv6.isValid(address)
  if (extra !== undefined || !(isIpv6 || ipaddr.IPv4.isValidFourPartDecimal(address))) return false
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIpv6 ? 128 : 32))
}

/** The operator's own crawler ranges: a JSON file of `{"<platform>": ["<CIDR>", …]}`, read and checked at start. */
function crawlerRanges(env: Env, name: string): Readonly<Record<string, readonly string[]>> {
  const path = readableFile(env, name)
  if (path === undefined) return Object.freeze({})
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new ConfigError(`${name} must name a JSON file: ${(error as Error).message}`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ConfigError(`${name} must hold a JSON object such as {"facebook": ["203.0.113.0/24"]}.`)
  for (const [platform, blocks] of Object.entries(parsed)) {
    if (!VERIFIABLE_PLATFORMS.includes(platform)) throw new ConfigError(`${name}: "${platform}" is not a platform whose crawler is verified; use one of ${VERIFIABLE_PLATFORMS.join(', ')}.`)
    const bad = Array.isArray(blocks) ? blocks.find((block) => !isAddressBlock(block)) : blocks
    if (bad !== undefined) throw new ConfigError(`${name}: ${platform} must list address blocks such as 203.0.113.0/24 or 2001:db8::/32, got ${JSON.stringify(bad)}.`)
  }
  return Object.freeze(parsed as Record<string, string[]>)
}

/** A bearer token a scraper sends: long enough that it cannot be guessed. */
function bearerSecret(env: Env, name: string): string | undefined {
  const given = text(env, name)
  if (given !== undefined && (given.length < 16 || /\s/.test(given))) throw new ConfigError(`${name} must be at least 16 characters long, without spaces.`)
  return given
}

function trustProxy(env: Env, name: string): TrustProxy | null {
  const raw = text(env, name)
  const parsed = parseTrustProxy(raw)
  if (parsed === undefined)
    throw new ConfigError(
      `${name} must be true, false, a number of proxy hops (1, 2, …) or a comma-separated list of proxy networks such as 10.0.0.0/8,172.16.0.0/12, got "${raw}".`,
    )
  return parsed
}

function headerName(env: Env, name: string): string | undefined {
  const raw = text(env, name)?.toLowerCase()
  if (raw !== undefined && !/^[a-z0-9-]+$/.test(raw)) throw new ConfigError(`${name} must be a header name such as cf-ipcountry, got "${raw}".`)
  return raw
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = text(env, name)
  if (raw === undefined) return fallback
  if (!values.includes(raw as T)) throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${raw}".`)
  return raw as T
}

/** JWT_SECRET when set, otherwise a secret generated on first start and kept in DATA_DIR. */
function jwtSecret(env: Env, dataDir: string): () => string {
  const given = text(env, 'JWT_SECRET')
  if (given !== undefined && given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long.')
  let secret = given
  return () => {
    if (secret !== undefined) return secret
    const file = join(dataDir, 'jwt-secret')
    if (existsSync(file)) return (secret = readFileSync(file, 'utf8').trim())
    secret = randomBytes(48).toString('base64url')
    writeFileSync(file, `${secret}\n`, { mode: 0o600 })
    return secret
  }
}

/** An S3-compatible store for uploaded images when S3_BUCKET is set; unset, they are kept in the database. */
function s3Store(env: Env) {
  const bucket = text(env, 'S3_BUCKET')
  if (bucket === undefined) return undefined
  const accessKeyId = text(env, 'S3_ACCESS_KEY_ID')
  const secretAccessKey = text(env, 'S3_SECRET_ACCESS_KEY')
  if (!accessKeyId || !secretAccessKey) throw new ConfigError('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.')
  return Object.freeze({
    bucket,
    accessKeyId,
    secretAccessKey,
    // Unset: AWS S3 itself. Any S3-compatible store (MinIO, R2, Spaces...) by its endpoint.
    endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']),
    region: text(env, 'S3_REGION'),
  })
}

/** Reads the settings; touches no file (prepareDataDir does, at start). */
export function loadConfig(env: Env = process.env) {
  const portNumber = port(env, 'PORT', 3000)
  const dataDir = resolve(text(env, 'DATA_DIR') ?? './data')
  const secret = jwtSecret(env, dataDir)
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${portNumber}`).replace(/\/+$/, '')
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:', 'sqlite:', 'file:'])
  const isPostgres = databaseUrl !== undefined && /^postgres(ql)?:/.test(databaseUrl)
  const sqlitePath =
    databaseUrl && !isPostgres ? databaseUrl.replace(/^(sqlite|file):(\/\/)?/, '') : join(dataDir, 'linkcard.db')

  const stripe = {
    secretKey: text(env, 'STRIPE_SECRET_KEY'),
    webhookSecret: text(env, 'STRIPE_WEBHOOK_SECRET'),
    priceIndie: text(env, 'STRIPE_PRICE_INDIE'),
    pricePro: text(env, 'STRIPE_PRICE_PRO'),
    // Lets tests and self-hosters point the SDK at a local stand-in of the Stripe API.
    apiBase: url(env, 'STRIPE_API_BASE', ['http:', 'https:']),
  }

  return Object.freeze({
    port: portNumber,
    host: text(env, 'HOST') ?? '0.0.0.0',
    publicUrl,
    publicHost: new URL(publicUrl).host,
    dataDir,
    database: isPostgres
      ? ({ dialect: 'postgres', url: databaseUrl! } as const)
      : ({ dialect: 'sqlite', path: resolve(sqlitePath) } as const),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    /** Signs sessions and keys visitor hashes; read from (or first written to) DATA_DIR unless JWT_SECRET is set. */
    get jwtSecret() {
      return secret()
    },
    sessionTtlDays: positiveInt(env, 'SESSION_TTL_DAYS', 30),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: text(env, 'MAIL_FROM') ?? `Linkcard <no-reply@${new URL(publicUrl).hostname}>`,
    contactEmail: text(env, 'CONTACT_EMAIL'),
    stripe: Object.freeze({ ...stripe, isConfigured: Boolean(stripe.secretKey && stripe.priceIndie && stripe.pricePro) }),
    google: Object.freeze({ clientId: text(env, 'GOOGLE_CLIENT_ID'), clientSecret: text(env, 'GOOGLE_CLIENT_SECRET') }),
    // GITHUB_URL and GITHUB_API_URL point at a GitHub Enterprise Server instead (https://HOST, https://HOST/api/v3).
    github: Object.freeze({
      clientId: text(env, 'GITHUB_CLIENT_ID'),
      clientSecret: text(env, 'GITHUB_CLIENT_SECRET'),
      url: (url(env, 'GITHUB_URL', ['http:', 'https:']) ?? 'https://github.com').replace(/\/+$/, ''),
      apiUrl: (url(env, 'GITHUB_API_URL', ['http:', 'https:']) ?? 'https://api.github.com').replace(/\/+$/, ''),
    }),
    // Facebook's re-scrape of a link's card (an app access token, app-id|app-secret); FACEBOOK_GRAPH_URL
    // points at a local stand-in of the Graph API instead.
    facebook: Object.freeze({
      appToken: text(env, 'FACEBOOK_APP_TOKEN'),
      graphUrl: (url(env, 'FACEBOOK_GRAPH_URL', ['http:', 'https:']) ?? 'https://graph.facebook.com').replace(/\/+$/, ''),
    }),
    // Whether a sign-in through Google, GitHub or OpenID Connect stands for both factors (the
    // provider asked for its own): then it asks no authenticator code of those who set one up.
    trustProviderSecondFactor: oneOf(env, 'TRUST_PROVIDER_SECOND_FACTOR', ['false', 'true'], 'false') === 'true',
    oidc: Object.freeze({
      issuer: url(env, 'OIDC_ISSUER', ['http:', 'https:']),
      clientId: text(env, 'OIDC_CLIENT_ID'),
      clientSecret: text(env, 'OIDC_CLIENT_SECRET'),
      name: text(env, 'OIDC_NAME') ?? 'SSO',
    }),
    // Hosts of the web app's host routing; unset means everything is same-origin.
    apiHost: hostname(env, 'API_HOST'),
    appHost: hostname(env, 'APP_HOST'),
    marketingHost: hostname(env, 'MARKETING_HOST'),
    // DNS servers for custom-domain checks and crawlers' reverse DNS; unset means the system's resolver.
    dnsResolver: dnsServers(env, 'DNS_RESOLVER'),
    // Crawler ranges added to the shipped ones, and whether the shipped ones are refreshed daily from their sources.
    crawlerRanges: crawlerRanges(env, 'CRAWLER_RANGES_FILE'),
    crawlerRangesRefresh: oneOf(env, 'CRAWLER_RANGES_REFRESH', ['on', 'off'], 'off') === 'on',
    // Where the TLS proxy answers for custom domains, and an extra CA it may use (private or test CAs).
    domainTlsPort: port(env, 'DOMAIN_TLS_PORT', 443),
    domainTlsCaFile: readableFile(env, 'DOMAIN_TLS_CA_FILE'),
    eventRetentionDays: positiveInt(env, 'EVENT_RETENTION_DAYS', 90),
    // How long an account's audit log, and the super-admin panel's, keep an entry.
    auditLogRetentionDays: positiveInt(env, 'AUDIT_LOG_RETENTION_DAYS', 365),
    trustProxy: trustProxy(env, 'TRUST_PROXY'),
    // The header a trusted proxy puts the visitor's country in (cf-ipcountry, x-country); unset: none is read.
    countryHeader: headerName(env, 'COUNTRY_HEADER'),
    logLevel: oneOf(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info'),
    // The plan of new accounts: a private install without Stripe gives its people a paid plan's features.
    defaultPlan: oneOf(env, 'DEFAULT_PLAN', PLANS, 'free'),
    maxBodyBytes: positiveInt(env, 'MAX_BODY_BYTES', 1024 * 1024),
    s3: s3Store(env),
    // How often counted clicks and previews are sent to webhooks, as one message per account.
    webhookBatchSeconds: positiveInt(env, 'WEBHOOK_BATCH_SECONDS', 60),
    // Intranet hosts whose pages may be fetched for metadata although they have private addresses.
    fetchAllowedHosts: hostList(env, 'FETCH_ALLOWED_HOSTS'),
    // The bearer token of GET /metrics (Prometheus); unset, the endpoint does not exist.
    metricsToken: bearerSecret(env, 'METRICS_TOKEN'),
    // Where OpenTelemetry spans go (OTLP over HTTP, the standard settings); unset, nothing is traced.
    tracing: tracingSettings(env),
    // The scheduled check of every active link's target and card image (docs/self-hosting.md).
    linkHealth: Object.freeze({
      isOn: oneOf(env, 'LINK_HEALTH_CHECKS', ['on', 'off'], 'on') === 'on',
      // How long after a check a link is checked again: a day's checks spread over the day.
      intervalMs: positiveInt(env, 'LINK_HEALTH_INTERVAL_SECONDS', 86_400) * 1000,
      // Checks this instance starts in a minute at most, whatever the backlog.
      perMinute: positiveInt(env, 'LINK_HEALTH_CHECKS_PER_MINUTE', 60),
      // The least time between two requests to one host (and never two at once).
      hostGapMs: nonNegativeInt(env, 'LINK_HEALTH_HOST_GAP_MS', 1000),
      timeoutMs: positiveInt(env, 'LINK_HEALTH_TIMEOUT_SECONDS', 10) * 1000,
    }),
  })
}

export type Config = ReturnType<typeof loadConfig>

/** Creates DATA_DIR and the secret kept in it, if need be: the first thing Linkcard does at start. */
export function prepareDataDir(settings: Config = config) {
  try {
    mkdirSync(settings.dataDir, { recursive: true })
  } catch (error) {
    throw new ConfigError(`DATA_DIR "${settings.dataDir}" cannot be created: ${(error as Error).message}`)
  }
  void settings.jwtSecret
}

export const config: Config = loadConfig()
