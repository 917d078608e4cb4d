import { AUDIT_ACTIONS, AUDIT_KIND_LABELS, type AuditKind } from '../../../src/shared/audit'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select } from '../../components/ui/select'
import { hasFilters, NO_FILTERS, useAuditActors, type AuditFilters } from './api'

// A choice list has no empty value: this one stands for "no filter".
const ALL = 'all'

const KIND_OPTIONS = [
  { value: ALL, label: 'All changes' },
  ...(Object.keys(AUDIT_ACTIONS) as AuditKind[]).map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] })),
]

/** Who, what kind of change, and from which day to which: each narrows the log at once. */
export function AuditFilterBar({ filters, onChange }: { filters: AuditFilters; onChange: (filters: AuditFilters) => void }) {
  const { data } = useAuditActors()
  // Those who acted with an id to filter by: people and API keys (Linkcard's own work has none).
  const people = [{ value: ALL, label: 'Everyone' }, ...(data?.actors ?? []).flatMap((actor) => (actor.id ? [{ value: actor.id, label: actor.type === 'api_key' ? `${actor.name} (API key)` : actor.name }] : []))]
  const set = (field: keyof AuditFilters, value: string) => onChange({ ...filters, [field]: value === ALL ? '' : value })
  return (
    <search aria-label="Filter the audit log" className="grid min-w-0 grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,0.8fr)_minmax(0,0.8fr)_auto]">
      <FormField label="Person">
        <Select value={filters.actor || ALL} onValueChange={(value) => set('actor', value)} options={people} />
      </FormField>
      <FormField label="Kind">
        <Select value={filters.action || ALL} onValueChange={(value) => set('action', value)} options={KIND_OPTIONS} />
      </FormField>
      <FormField label="From (UTC)">
        <Input type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => set('from', event.target.value)} />
      </FormField>
      <FormField label="To (UTC)">
        <Input type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => set('to', event.target.value)} />
      </FormField>
      <Button variant="ghost" disabled={!hasFilters(filters)} onClick={() => onChange(NO_FILTERS)}>
        Clear Filters
      </Button>
    </search>
  )
}
