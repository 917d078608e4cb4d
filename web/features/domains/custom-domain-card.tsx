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
import { Input } from '../../components/ui/input'
import { Skeleton } from '../../components/ui/spinner'
import { ApiError, errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { addCustomDomain, checkCustomDomain, removeCustomDomain, useCustomDomain, type CustomDomainStatus } from './api'
import { formatDateTime } from '../../lib/dates'

/** The custom-domain card of /domains, for paid plans. */
export function CustomDomainCard({ plan }: { plan: Plan }) {
  const isPaid = PLAN_INFO[plan].hasCustomDomain
  const { data, error, isLoading } = useCustomDomain()
  const domain = data?.hasCustomDomain ? data : undefined
  const isLive = domain ? isDomainLive(domain) : false

  return (
    <Card data-testid="custom-domain-card">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Custom Domain</CardTitle>
          {isPaid && domain && (
            <Badge variant={isLive ? 'success' : 'warning'} data-testid="domain-badge">
              {isLive ? 'Active' : domain.status === 'paused' ? 'Paused' : 'Pending'}
            </Badge>
          )}
        </div>
        <CardDescription>Serve your short links from your own domain, such as links.yourcompany.com.</CardDescription>
      </CardHeader>
      <CardContent>
        {!isPaid ? (
          <div className="grid gap-4">
            <Alert>{CUSTOM_DOMAIN_MESSAGES.paidOnly}</Alert>
            {domain && (
              <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
                <p>
                  <span className="font-mono text-slate-900">{domain.hostname}</span> is inactive on your current plan.
                </p>
                <RemoveButton hostname={domain.hostname!} />
              </div>
            )}
          </div>
        ) : error ? (
          <Alert variant="destructive">Failed to fetch custom domain status</Alert>
        ) : isLoading || !data ? (
          <div className="grid gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-9 w-full max-w-md" />
          </div>
        ) : domain ? (
          <DomainDetails domain={domain} isLive={isLive} />
        ) : (
          <DomainForm />
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
      await addCustomDomain(checked.hostname)
      toast({ title: 'Custom domain added', description: 'Add the DNS records shown to verify it.' })
    } catch (failure) {
      const message = errorMessage(failure, 'Failed to add custom domain')
      if (failure instanceof ApiError && failure.status === 400) setError(message)
      else toast({ title: 'Failed to add custom domain', description: message, variant: 'destructive' })
      setIsSubmitting(false)
    }
  }

  return { hostname, setHostname, error, isSubmitting, submit }
}

function DomainForm() {
  const { hostname, setHostname, error, isSubmitting, submit } = useDomainForm()
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
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

function DomainDetails({ domain, isLive }: { domain: CustomDomainStatus; isLive: boolean }) {
  const [isChecking, setIsChecking] = useState(false)
  const hostname = domain.hostname!
  const problems = domain.verificationErrors ?? []

  async function checkNow() {
    setIsChecking(true)
    try {
      const status = await checkCustomDomain()
      if (isDomainLive(status)) toast({ title: 'Custom domain active', description: `Your links now work at https://${hostname}.` })
    } catch (failure) {
      toast({ title: 'Failed to fetch custom domain status', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    } finally {
      setIsChecking(false)
    }
  }

  return (
    <div className="grid gap-5">
      <p className="font-mono text-base font-medium break-all text-slate-900" data-testid="domain-hostname">
        {hostname}
      </p>

      {isLive ? (
        <Alert variant="success" title="Your custom domain is active">
          Your short links also work at https://{hostname}/…, secured with an SSL certificate.
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
            {domain.ownershipVerification && <DnsRecord type="TXT" name={domain.ownershipVerification.name} value={domain.ownershipVerification.value} />}
            {domain.cnameRecord && <DnsRecord type="CNAME" name={domain.cnameRecord.name} value={domain.cnameRecord.value} />}
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

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
        <p className="text-[13px] text-slate-500">
          {domain.lastCheckedAt ? `Last checked ${formatDateTime(domain.lastCheckedAt)}.` : 'Not checked yet.'}
        </p>
        <div className="flex flex-wrap gap-2">
          {!isLive && (
            <Button variant="outline" isLoading={isChecking} onClick={checkNow}>
              Check now
            </Button>
          )}
          <RemoveButton hostname={hostname} />
        </div>
      </div>
    </div>
  )
}

function RemoveButton({ hostname }: { hostname: string }) {
  async function remove() {
    try {
      await removeCustomDomain()
      toast({ title: 'Custom domain removed', description: `${hostname} no longer serves your links.` })
    } catch (failure) {
      toast({ title: 'Failed to delete custom domain', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
      throw failure
    }
  }
  return (
    <ConfirmDialog
      trigger={<Button variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800">Remove</Button>}
      title="Remove custom domain?"
      description={`Your links will stop working at ${hostname}. You can add it again later, but it will need to be verified again.`}
      confirmLabel="Remove Domain"
      destructive
      onConfirm={remove}
    />
  )
}
