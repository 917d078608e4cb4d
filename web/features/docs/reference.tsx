import { ExternalLink, Lock } from 'lucide-react'
import type { ReactNode } from 'react'
import { Alert } from '../../components/ui/alert'
import { Badge, type BadgeVariant } from '../../components/ui/badge'
import { Card, CardContent, CardHeader } from '../../components/ui/card'
import { LoadingState } from '../../components/ui/spinner'
import { apiUrl } from '../../lib/api'
import { cn } from '../../lib/cn'
import { AnchoredHeading } from './anchor-link'
import { useOpenApiDocument, type JsonSchema, type OpenApiDocument, type Operation, type Parameter } from './api'
import { referenceGroups } from './outline'

const METHOD_COLORS: Record<string, BadgeVariant> = { get: 'default', post: 'success', patch: 'warning', delete: 'destructive' }

/** Text with `code` spans and **bold** runs, as the document's descriptions write them. */
function DocText({ text }: { text: string }) {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g).map((part, index) =>
    part.startsWith('`') ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed text, never reordered
      <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[12.5px] text-slate-800">
        {part.slice(1, -1)}
      </code>
    ) : part.startsWith('**') ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed text, never reordered
      <strong key={index} className="font-semibold text-slate-800">
        {part.slice(2, -2)}
      </strong>
    ) : (
      part
    ),
  )
}

/** A description in paragraphs: as in Markdown, a blank line starts one and a single line break is a space. */
function Prose({ text, className }: { text?: string; className?: string }) {
  if (!text) return null
  return (
    <div className={cn('grid gap-3 text-sm leading-relaxed break-words text-slate-600', className)}>
      {text.split(/\n\s*\n/).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text, never reordered
        <p key={index}>
          <DocText text={paragraph} />
        </p>
      ))}
    </div>
  )
}

function resolve(schema: JsonSchema | undefined, doc: OpenApiDocument): JsonSchema | undefined {
  if (!schema?.$ref) return schema
  return doc.components?.schemas?.[schema.$ref.split('/').pop()!]
}

/** A short type name: "string (date-time)", "string | null", "one of a, b", "array of object". */
function typeName(input: JsonSchema | undefined, doc: OpenApiDocument): string {
  const schema = resolve(input, doc)
  if (!schema) return 'any'
  if (schema.enum) return `one of ${schema.enum.map(String).join(', ')}`
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (schema.anyOf) return schema.anyOf.map((s) => typeName(s, doc)).join(' | ')
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  return (
    types.map((type) => (type === 'array' ? `array of ${typeName(schema.items, doc)}` : schema.format && type === 'string' ? `string (${schema.format})` : type)).join(' | ') || 'object'
  )
}

type Field = { name: string; type: string; required: boolean; description?: string }

/**
 * An object given in shapes (any of several objects, a new link with its title or with
 * useOriginalMeta) as one list: each field once, required when every shape requires it, described
 * as the shape that requires it describes it, and a field each shape fixes to a value as its type.
 */
function mergedShapes(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  const shapes = (schema.anyOf ?? []).map((shape) => resolve(shape, doc))
  if (shapes.length === 0 || !shapes.every((shape) => shape?.properties)) return schema
  const names = [...new Set(shapes.flatMap((shape) => Object.keys(shape!.properties!)))]
  const properties = Object.fromEntries(
    names.map((name) => {
      const own = shapes.find((shape) => shape!.required?.includes(name) && shape!.properties![name]) ?? shapes.find((shape) => shape!.properties![name])
      const field = resolve(own!.properties![name], doc)!
      const values = shapes.map((shape) => shape!.properties![name]?.const)
      return [name, values.every((value) => value !== undefined) ? { ...field, const: undefined } : field]
    }),
  )
  return { ...schema, properties, required: names.filter((name) => shapes.every((shape) => shape!.required?.includes(name))) }
}

/** The fields of an object schema (or of an array's items, or of an object's shapes), nested objects flattened as a.b. */
function fieldsOf(input: JsonSchema | undefined, doc: OpenApiDocument, prefix = ''): Field[] {
  let schema = resolve(input, doc)
  if (schema?.type === 'array') schema = resolve(schema.items, doc)
  if (schema?.anyOf) schema = mergedShapes(schema, doc)
  if (!schema?.properties) return []
  return Object.entries(schema.properties).flatMap(([name, child]) => {
    const resolved = resolve(child, doc)
    const field = { name: prefix + name, type: typeName(resolved, doc), required: schema!.required?.includes(name) ?? false, description: resolved?.description }
    const nested = resolved?.type === 'array' && resolve(resolved.items, doc)?.properties ? fieldsOf(resolved, doc, `${prefix}${name}[].`) : []
    return [field, ...nested]
  })
}

// On wide screens name, type and description stand in columns; on narrower ones each field is stacked.
const FIELD_COLUMNS = 'lg:grid lg:grid-cols-[minmax(0,17rem)_minmax(0,11rem)_minmax(0,1fr)] lg:gap-x-4'

function FieldList({ fields, label }: { fields: Field[]; label: string }) {
  if (fields.length === 0) return null
  return (
    <section className="rounded-lg border border-slate-200" aria-label={label}>
      <div
        aria-hidden="true"
        className={cn(FIELD_COLUMNS, 'hidden rounded-t-lg border-b border-slate-200 bg-slate-50/70 px-4 py-2.5 text-xs font-medium tracking-wide text-slate-500 uppercase')}
      >
        <span>Name</span>
        <span>Type</span>
        <span>Description</span>
      </div>
      <dl className="divide-y divide-slate-100">
        {fields.map((field) => (
          <div key={field.name} className={cn(FIELD_COLUMNS, 'flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3')}>
            <dt className="min-w-0 font-mono text-[13px] break-words text-slate-900">
              {field.name}
              {field.required && <span className="ml-1.5 inline-block font-sans text-xs whitespace-nowrap text-red-600">required</span>}
            </dt>
            <dd className="min-w-0 text-[13px] break-words text-slate-500">{field.type}</dd>
            <dd className="min-w-0 basis-full">
              <Prose text={field.description} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      {children}
    </div>
  )
}

const parameterFields = (parameters: Parameter[], doc: OpenApiDocument): Field[] =>
  parameters.map((p) => ({
    name: `${p.name} (${p.in})`,
    type: typeName(p.schema, doc),
    required: p.required ?? false,
    description: p.description ?? resolve(p.schema, doc)?.description,
  }))

type OperationCardProps = { id: string; method: string; path: string; operation: Operation; doc: OpenApiDocument }

function OperationCard({ id, method, path, operation, doc }: OperationCardProps) {
  const body = operation.requestBody?.content?.['application/json']?.schema
  const responses = Object.entries(operation.responses ?? {})
  return (
    <Card id={id} data-testid="api-operation" className="scroll-mt-32 lg:scroll-mt-24">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={METHOD_COLORS[method] ?? 'secondary'} className="font-mono uppercase">
            {method}
          </Badge>
          <code className="font-mono text-sm font-medium break-all text-slate-900">{path}</code>
          {operation.security?.length ? (
            <span className="inline-flex items-center gap-1 text-xs text-slate-500">
              <Lock className="size-3.5" aria-hidden="true" />
              API key
            </span>
          ) : null}
        </div>
        <AnchoredHeading id={id} label={`${method.toUpperCase()} ${path}`} className="mt-1">
          <h3 className="text-base font-semibold text-slate-900">{operation.summary}</h3>
        </AnchoredHeading>
        <Prose text={operation.description} />
      </CardHeader>
      <CardContent className="grid gap-5">
        {operation.parameters?.length ? (
          <Section title="Parameters">
            <FieldList label={`Parameters of ${method.toUpperCase()} ${path}`} fields={parameterFields(operation.parameters, doc)} />
          </Section>
        ) : null}
        {body && (
          <Section title="Request body (JSON)">
            <FieldList label={`Request body of ${method.toUpperCase()} ${path}`} fields={fieldsOf(body, doc)} />
          </Section>
        )}
        <Section title="Responses">
          <div className="grid gap-3">
            {responses.map(([status, response]) => {
              const schema = response.content?.['application/json']?.schema
              const isSuccess = status.startsWith('2')
              return (
                <div key={status} className="grid gap-2" data-testid="api-response">
                  <p className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-2 text-sm">
                    <Badge variant={isSuccess ? 'success' : 'secondary'} className="font-mono">
                      {status}
                    </Badge>
                    {response.description && (
                      <span className="min-w-0 break-words text-slate-600">
                        <DocText text={response.description} />
                      </span>
                    )}
                  </p>
                  {isSuccess && schema && (
                    <>
                      {resolve(schema, doc)?.type === 'array' && <p className="text-[13px] text-slate-500">An array of:</p>}
                      <FieldList label={`Response ${status} of ${method.toUpperCase()} ${path}`} fields={fieldsOf(schema, doc)} />
                    </>
                  )}
                </div>
              )
            })}
          </div>
        </Section>
      </CardContent>
    </Card>
  )
}

/** The reference, drawn from /api/openapi.json as the server answers it, so it cannot drift from the API. */
export function ApiReference() {
  const { data: doc, error, isLoading } = useOpenApiDocument()
  if (error) return <Alert variant="destructive">The API reference could not be loaded. Please reload the page.</Alert>
  if (isLoading || !doc) return <LoadingState label="Loading the API reference..." />
  return (
    <div className="grid gap-8">
      <div className="grid gap-3">
        <Prose text={doc.info.description} />
        <p className="text-sm text-slate-600">
          OpenAPI {doc.openapi} document:{' '}
          <a href={apiUrl('/openapi.json')} className="font-medium text-brand-600 underline-offset-4 hover:underline">
            openapi.json
          </a>
          {' · '}
          <a href={apiUrl('/docs')} className="inline-flex items-center gap-1 font-medium text-brand-600 underline-offset-4 hover:underline">
            Interactive reference
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        </p>
      </div>
      {referenceGroups(doc).map((group) => (
        <section key={group.id} id={group.id} aria-labelledby={`${group.id}-heading`} className="grid scroll-mt-32 gap-4 lg:scroll-mt-24">
          <div>
            <AnchoredHeading id={group.id} label={`${group.name} endpoints`}>
              <h3 id={`${group.id}-heading`} className="text-lg font-semibold text-slate-900">
                {group.name}
              </h3>
            </AnchoredHeading>
            <Prose text={group.description} className="text-slate-500" />
          </div>
          {group.operations.map(({ id, path, method, operation }) => (
            <OperationCard key={id} id={id} method={method} path={path} operation={operation} doc={doc} />
          ))}
        </section>
      ))}
    </div>
  )
}
