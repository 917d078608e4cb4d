import { PlanSwitchForSuperAdmin } from '../../components/plan-switch'
import { Globe } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { CUSTOM_DOMAIN_MESSAGES, hostnameFromPasted, isDomainLive, normalizeHostname } from '../../../src/shared/custom-domain'
import type { Plan } from '../../../src/shared/domain'
import { PLAN_INFO } from '../../../src/shared/plans'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { CopyButton } from '../../components/ui/copy-button'
import { FormField } from '../../components/ui/form-field'
import { Input, Textarea } from '../../components/ui/input'
import { Skeleton } from '../../components/ui/spinner'
import { ApiError, errorMessage, fieldErrorsOf } from '../../lib/api'
import { toast } from '../../lib/toast'
import { addDomain, changeDomain, checkDomain, removeDomain, useDomains, useUnknownPaths, type Domain } from './api'
import { formatDateTime } from '../../lib/dates'

/** The custom domains of /domains: the account's list, each with its records and settings, and the form to add one while the plan allows. */
export function DomainsCard({ plan }: { plan: Plan }) {
  const info = PLAN_INFO[plan]
  const isPaid = info.hasCustomDomain
  const { data, error, isLoading } = useDomains()
  const domains = data?.domains ?? []
  const limit = info.customDomainLimit
  const hasRoom = limit === null || domains.length < limit

  return (
    <Card data-testid="custom-domain-card">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Custom Domains</CardTitle>
          {isPaid && data && (
            <span className="text-sm text-slate-500" data-testid="domain-count">
              {limit === null ? `${domains.length} in use` : `${domains.length} of ${limit} in use`}
            </span>
          )}
        </div>
        <CardDescription>Serve your short links from your own domains, such as links.yourcompany.com. Each link lives on one; an alias is unique per domain.</CardDescription>
      </CardHeader>
      <CardContent>
        {!isPaid ? (
          <div className="grid gap-4">
            <Alert>{CUSTOM_DOMAIN_MESSAGES.paidOnly}</Alert>
            <PlanSwitchForSuperAdmin />
            {domains.map((domain) => (
              <div key={domain.id} className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
                <p>
                  <span className="font-mono text-slate-900">{domain.hostname}</span> is inactive on your current plan.
                </p>
                <RemoveButton domain={domain} />
              </div>
            ))}
          </div>
        ) : error ? (
          <Alert variant="destructive">Failed to fetch custom domains</Alert>
        ) : isLoading || !data ? (
          <div className="grid gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-9 w-full max-w-md" />
          </div>
        ) : (
          <div className="grid gap-6">
            {domains.map((domain) => (
              <DomainDetails key={domain.id} domain={domain} list={data} />
            ))}
            {hasRoom ? (
              <DomainForm isFirst={domains.length === 0} />
            ) : (
              <p className="text-sm text-slate-600" data-testid="domain-limit">
                {CUSTOM_DOMAIN_MESSAGES.limit(info.name, limit ?? 0)}
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  )
}

/** The hostname as typed, kept to its host name when pasted, checked with the shared rules, then added. */
function useDomainForm() {
  const [hostname, setHostname] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const typed = hostnameFromPasted(hostname)
    setHostname(typed)
    const checked = normalizeHostname(typed)
    if (checked.error !== undefined) return setError(checked.error)
    setError(null)
    setIsSubmitting(true)
    try {
      await addDomain(checked.hostname)
      setHostname('')
      toast({ title: 'Custom domain added', description: 'Add the DNS records shown to verify it.' })
    } catch (failure) {
      const message = errorMessage(failure, 'Failed to add custom domain')
      if (failure instanceof ApiError && [400, 403, 409].includes(failure.status)) setError(message)
      else toast({ title: 'Failed to add custom domain', description: message, variant: 'destructive' })
    } finally {
      setIsSubmitting(false)
    }
  }

  return { hostname, setHostname, error, isSubmitting, submit }
}

function DomainForm({ isFirst }: { isFirst: boolean }) {
  const { hostname, setHostname, error, isSubmitting, submit } = useDomainForm()
  return (
    <form onSubmit={submit} className={isFirst ? 'grid gap-3' : 'grid gap-3 border-t border-slate-100 pt-5'} noValidate aria-label="Add a custom domain">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField
          label="Hostname"
          error={error}
          hint="A subdomain you control. You will add two DNS records for it next."
          className="flex-1 sm:max-w-md"
        >
          <Input
            name="hostname"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder="links.yourcompany.com"
            value={hostname}
            onChange={(e) => setHostname(e.target.value)}
            // A pasted address keeps only its host name.
            onBlur={(e) => setHostname(hostnameFromPasted(e.target.value))}
          />
        </FormField>
        <Button type="submit" isLoading={isSubmitting} className="sm:mt-6">
          <Globe aria-hidden="true" />
          Add Domain
        </Button>
      </div>
    </form>
  )
}

/** One column of a DNS record: its label, and the text to enter with a copy button. */
function RecordPart({ label, value, copyLabel, testId }: { label: string; value: string; copyLabel: string; testId: string }) {
  return (
    <div className="grid min-w-0 gap-1">
      <span className="text-xs text-slate-500">{label}</span>
      <div className="flex items-start gap-2">
        <code className="min-w-0 flex-1 font-mono text-[13px] break-all text-slate-900" data-testid={testId}>
          {value}
        </code>
        <CopyButton value={value} size="icon" variant="ghost" label={copyLabel} />
      </div>
    </div>
  )
}

function DnsRecord({ type, name, value }: { type: string; name: string; value: string }) {
  return (
    <div className="grid gap-2 p-3 sm:grid-cols-[4.5rem_1fr_1fr] sm:items-start sm:gap-4" data-testid={`dns-record-${type.toLowerCase()}`}>
      <div>
        <Badge variant="secondary" className="font-mono">
          {type}
        </Badge>
      </div>
      <RecordPart label="Name" value={name} copyLabel={`Copy ${type} name`} testId="record-name" />
      <RecordPart label={type === 'CNAME' ? 'Points to' : 'Value'} value={value} copyLabel={`Copy ${type} value`} testId="record-value" />
    </div>
  )
}

function DomainDetails({ domain, list }: { domain: Domain; list: Parameters<typeof checkDomain>[1] }) {
  const [isChecking, setIsChecking] = useState(false)
  const { hostname } = domain
  const isLive = isDomainLive(domain)
  const problems = domain.verificationErrors

  async function checkNow() {
    setIsChecking(true)
    try {
      const checked = await checkDomain(domain.id, list)
      if (isDomainLive(checked)) toast({ title: 'Custom domain active', description: `Your links now work at https://${hostname}.` })
    } catch (failure) {
      toast({ title: 'Failed to check the custom domain', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    } finally {
      setIsChecking(false)
    }
  }

  return (
    <section className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:p-5" data-testid="domain" aria-label={hostname}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 font-mono text-base font-medium break-all text-slate-900" data-testid="domain-hostname">
          {hostname}
        </p>
        {domain.isDefault && <Badge variant="secondary">Default</Badge>}
        <Badge variant={isLive ? 'success' : 'warning'} data-testid="domain-badge">
          {isLive ? 'Active' : domain.status === 'paused' ? 'Paused' : 'Pending'}
        </Badge>
      </div>

      {isLive ? (
        <Alert variant="success" title="Your custom domain is active">
          Links on {hostname} work at https://{hostname}/…, secured with an SSL certificate.
        </Alert>
      ) : (
        <>
          {domain.status === 'paused' && (
            <Alert variant="destructive" title="Your custom domain is paused">
              Its DNS records are gone, so links on {hostname} answer 404. Put the records below back; the domain resumes as soon as they are found.
            </Alert>
          )}
          <ol className="grid list-decimal gap-1.5 pl-5 text-sm text-slate-600">
            <li>At your DNS provider, add the TXT record below to prove the domain is yours.</li>
            <li>Add the CNAME record so {hostname} points at our servers.</li>
            <li>Wait for DNS: changes can take up to 24 hours to propagate. We keep checking automatically.</li>
            <li>Once the records are verified, an SSL certificate is provisioned automatically.</li>
          </ol>
          <div className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            <DnsRecord type="TXT" name={domain.ownershipVerification.name} value={domain.ownershipVerification.value} />
            <DnsRecord type="CNAME" name={domain.cnameRecord.name} value={domain.cnameRecord.value} />
          </div>
          {problems.length > 0 && (
            <div className="rounded-lg border border-amber-200 bg-amber-50 p-3.5 text-sm text-amber-900" data-testid="verification-errors">
              <p className="font-medium">{domain.status === 'paused' ? 'Records not found' : 'Not verified yet'}</p>
              <ul className="mt-1 grid list-disc gap-0.5 pl-5">
                {problems.map((problem) => (
                  <li key={problem.message}>{problem.message}</li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}

      <DomainSettings domain={domain} />
      <AppFiles domain={domain} />
      {domain.status !== 'pending' && <UnknownPathsList domain={domain} />}

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
        <p className="text-[13px] text-slate-500">{domain.lastCheckedAt ? `Last checked ${formatDateTime(domain.lastCheckedAt)}.` : 'Not checked yet.'}</p>
        <div className="flex flex-wrap gap-2">
          {!domain.isDefault && (
            <Button variant="outline" onClick={() => changeSetting(domain, { isDefault: true }, `${hostname} is your default domain`)}>
              Make default
            </Button>
          )}
          {!isLive && (
            <Button variant="outline" isLoading={isChecking} onClick={checkNow}>
              Check now
            </Button>
          )}
          <RemoveButton domain={domain} />
        </div>
      </div>
    </section>
  )
}

/** Saves a domain's settings, telling how it went. */
async function changeSetting(domain: Domain, changes: Parameters<typeof changeDomain>[1], done: string): Promise<ApiError | null> {
  try {
    await changeDomain(domain.id, changes)
    toast({ title: done })
    return null
  } catch (failure) {
    const message = errorMessage(failure, 'Failed to save the domain')
    if (!(failure instanceof ApiError && failure.status === 400)) toast({ title: 'Failed to save the domain', description: message, variant: 'destructive' })
    return failure instanceof ApiError ? failure : null
  }
}

/** Where the domain's bare root and paths that name no link send people; empty for the service's page and the not-found page. */
function DomainSettings({ domain }: { domain: Domain }) {
  const [root, setRoot] = useState(domain.rootRedirect ?? '')
  const [notFound, setNotFound] = useState(domain.notFoundRedirect ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [isSaving, setIsSaving] = useState(false)
  const isChanged = root.trim() !== (domain.rootRedirect ?? '') || notFound.trim() !== (domain.notFoundRedirect ?? '')

  async function save(event: FormEvent) {
    event.preventDefault()
    setIsSaving(true)
    const failure = await changeSetting(domain, { rootRedirect: root.trim() || null, notFoundRedirect: notFound.trim() || null }, 'Domain settings saved')
    setErrors(Object.fromEntries(fieldErrorsOf(failure).map((error) => [error.field ?? '', error.message ?? ''])))
    setIsSaving(false)
  }

  return (
    <form onSubmit={save} className="grid gap-3" noValidate aria-label={`Where ${domain.hostname} sends people`}>
      <div className="grid gap-3 md:grid-cols-2">
        <FormField label="Root redirect" error={errors.rootRedirect} hint={`Where https://${domain.hostname}/ sends people. Empty: the service's page.`}>
          <Input name="rootRedirect" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://yourcompany.com" value={root} onChange={(e) => setRoot(e.target.value)} />
        </FormField>
        <FormField label="Not-found redirect" error={errors.notFoundRedirect} hint="Where paths that are no link send people. Empty: a not-found page.">
          <Input name="notFoundRedirect" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://yourcompany.com/404" value={notFound} onChange={(e) => setNotFound(e.target.value)} />
        </FormField>
      </div>
      <div>
        <Button type="submit" variant="outline" isLoading={isSaving} disabled={!isChanged}>
          Save settings
        </Button>
      </div>
    </form>
  )
}

const APP_FILE_FIELDS = [
  { name: 'appleAppSiteAssociation', label: 'apple-app-site-association', path: '/.well-known/apple-app-site-association', placeholder: '{ "applinks": { "details": [ … ] } }' },
  { name: 'assetLinks', label: 'assetlinks.json', path: '/.well-known/assetlinks.json', placeholder: '[ { "relation": [ … ], "target": { … } } ]' },
] as const
type AppFileName = (typeof APP_FILE_FIELDS)[number]['name']
const asText = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2))

/** The files an app publishes on the domain so its links open the app (universal links, Android app links), as JSON. */
function AppFiles({ domain }: { domain: Domain }) {
  const [texts, setTexts] = useState<Record<AppFileName, string>>(() => ({ appleAppSiteAssociation: asText(domain.appleAppSiteAssociation), assetLinks: asText(domain.assetLinks) }))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [isSaving, setIsSaving] = useState(false)
  const hasFiles = Boolean(domain.appleAppSiteAssociation || domain.assetLinks)

  async function save(event: FormEvent) {
    event.preventDefault()
    const changes: Record<string, unknown> = {}
    const problems: Record<string, string> = {}
    for (const { name } of APP_FILE_FIELDS) {
      const text = texts[name].trim()
      try {
        changes[name] = text ? JSON.parse(text) : null
      } catch {
        problems[name] = 'This is not valid JSON.'
      }
    }
    setErrors(problems)
    if (Object.keys(problems).length > 0) return
    setIsSaving(true)
    const failure = await changeSetting(domain, changes, 'App files saved')
    setErrors(Object.fromEntries(fieldErrorsOf(failure).map((error) => [error.field ?? '', error.message ?? ''])))
    setIsSaving(false)
  }

  return (
    <details className="rounded-lg border border-slate-200" open={hasFiles || undefined} data-testid="app-files">
      <summary className="cursor-pointer px-3 py-2.5 text-sm font-medium text-slate-900 select-none">App links{hasFiles ? ' (published)' : ''}</summary>
      <form onSubmit={save} className="grid gap-3 border-t border-slate-100 px-3 py-3" noValidate aria-label={`App files of ${domain.hostname}`}>
        <p className="text-sm text-slate-600">
          Publish your app's files here so that links on {domain.hostname} open in the app on iPhones and Android phones. Leave a file empty to publish none.
        </p>
        {APP_FILE_FIELDS.map((field) => (
          <FormField key={field.name} label={field.label} error={errors[field.name]} hint={`Served at https://${domain.hostname}${field.path}`}>
            <Textarea
              name={field.name}
              rows={5}
              spellCheck={false}
              className="font-mono text-[13px]"
              placeholder={field.placeholder}
              value={texts[field.name]}
              onChange={(e) => setTexts((current) => ({ ...current, [field.name]: e.target.value }))}
            />
          </FormField>
        ))}
        <div>
          <Button type="submit" variant="outline" isLoading={isSaving}>
            Save app files
          </Button>
        </div>
      </form>
    </details>
  )
}

/** The domain's most-hit paths that named no link: typos, stale printed QR codes, deleted links. Read when opened. */
function UnknownPathsList({ domain }: { domain: Domain }) {
  const [isOpen, setIsOpen] = useState(false)
  const { data, error, isLoading } = useUnknownPaths(isOpen ? domain.id : null)
  return (
    <details className="group rounded-lg border border-slate-200" onToggle={(event) => setIsOpen(event.currentTarget.open)} data-testid="unknown-paths">
      <summary className="cursor-pointer px-3 py-2.5 text-sm font-medium text-slate-900 select-none">Unknown paths</summary>
      <div className="border-t border-slate-100 px-3 py-3 text-sm">
        {error ? (
          <p className="text-red-700">Failed to fetch unknown paths</p>
        ) : isLoading || !data ? (
          <Skeleton className="h-4 w-48" />
        ) : data.paths.length === 0 ? (
          <p className="text-slate-600">No visits of unknown paths yet. Paths people open on {domain.hostname} that name no link are counted here.</p>
        ) : (
          <table className="w-full text-left">
            <thead className="text-xs text-slate-500">
              <tr>
                <th className="py-1 pr-3 font-medium">Path</th>
                <th className="py-1 pr-3 text-right font-medium">Visits</th>
                <th className="hidden py-1 font-medium sm:table-cell">Last visit</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.paths.map((entry) => (
                <tr key={entry.path} data-testid="unknown-path">
                  <td className="py-1.5 pr-3 font-mono text-[13px] break-all text-slate-900">/{entry.path}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{entry.hits.toLocaleString('en-US')}</td>
                  <td className="hidden py-1.5 text-slate-600 sm:table-cell">{formatDateTime(entry.lastSeenAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </details>
  )
}

function RemoveButton({ domain }: { domain: Domain }) {
  const { hostname } = domain
  async function remove() {
    try {
      await removeDomain(domain.id)
      toast({ title: 'Custom domain removed', description: `${hostname} no longer serves your links.` })
    } catch (failure) {
      toast({ title: 'Failed to remove the custom domain', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
      throw failure
    }
  }
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800">
          Remove
        </Button>
      }
      title="Remove custom domain?"
      description={`Your links will stop working at ${hostname}. You can add it again later, but it will need to be verified again. A domain that links live on is kept until they move.`}
      confirmLabel="Remove Domain"
      destructive
      onConfirm={remove}
    />
  )
}
