import { Send } from 'lucide-react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { apiKeyInputError, cleanApiKeyInput } from '../../../src/shared/api-keys'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card'
import { CodeBlock } from '../../components/ui/code-block'
import { FormField } from '../../components/ui/form-field'
import { Input, Textarea } from '../../components/ui/input'
import { Select } from '../../components/ui/select'
import { SAMPLE_LINK_INPUT } from '../../lib/code-samples'
import { sendTestRequest, type TestAnswer } from './api'

type Needs = { id?: boolean; targetUrl?: boolean; period?: boolean; body?: boolean }
type Endpoint = { value: string; label: string; method: string; path: (values: Values) => string; needs: Needs; sample?: object }
type Values = { id: string; targetUrl: string; from: string; to: string }

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

const SAMPLE_LINK = { ...SAMPLE_LINK_INPUT, twitterCard: 'summary_large_image' }

const ENDPOINTS: Endpoint[] = [
  { value: 'create', label: 'POST /link · Create a link', method: 'POST', path: () => '/link', needs: { body: true }, sample: SAMPLE_LINK },
  { value: 'list', label: 'GET /links · List links', method: 'GET', path: () => '/links', needs: {} },
  { value: 'get', label: 'GET /link/{id} · Read a link', method: 'GET', path: (v) => `/link/${encodeURIComponent(v.id)}`, needs: { id: true } },
  {
    value: 'update',
    label: 'PATCH /link/{id} · Change a link',
    method: 'PATCH',
    path: (v) => `/link/${encodeURIComponent(v.id)}`,
    needs: { id: true, body: true },
    sample: { title: 'We just launched version 2!', isActive: true },
  },
  { value: 'delete', label: 'DELETE /link/{id} · Delete a link', method: 'DELETE', path: (v) => `/link/${encodeURIComponent(v.id)}`, needs: { id: true } },
  {
    value: 'byTarget',
    label: 'GET /link/byTarget/{targetUrl} · Find by page',
    method: 'GET',
    path: (v) => `/link/byTarget/${encodeURIComponent(v.targetUrl.trim())}`,
    needs: { targetUrl: true },
  },
  {
    value: 'stats',
    label: 'GET /stats/{id} · Link statistics',
    method: 'GET',
    path: (v) => `/stats/${encodeURIComponent(v.id)}?from=${encodeURIComponent(v.from)}&to=${encodeURIComponent(v.to)}`,
    needs: { id: true, period: true },
  },
]

const pretty = (value: object | undefined) => (value ? JSON.stringify(value, null, 2) : '')

/**
 * The Try It Out tester: sends a real request with the user's key and shows the answer as it came.
 * `keyPicker` (from the page) offers the account's keys; what it picks fills in the key.
 */
export function ApiTester({ keyPicker }: { keyPicker?: (fillKey: (key: string) => void) => ReactNode }) {
  const [rawKey, setRawKey] = useState('')
  const [keyError, setKeyError] = useState<string | null>(null)
  const [endpointId, setEndpointId] = useState('create')
  const [values, setValues] = useState<Values>({ id: '', targetUrl: SAMPLE_LINK.targetUrl, from: day(-29), to: day(0) })
  const [bodies, setBodies] = useState<Record<string, string>>(() => Object.fromEntries(ENDPOINTS.map((e) => [e.value, pretty(e.sample)])))
  const [bodyError, setBodyError] = useState<string | null>(null)
  const [idError, setIdError] = useState<string | null>(null)
  const [answer, setAnswer] = useState<TestAnswer | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [isSending, setIsSending] = useState(false)
  const endpoint = ENDPOINTS.find((e) => e.value === endpointId)!
  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value })

  async function send(event: FormEvent) {
    event.preventDefault()
    const key = cleanApiKeyInput(rawKey)
    const keyProblem = apiKeyInputError(key) ?? null
    setKeyError(keyProblem)
    setRawKey(key)
    const idProblem = endpoint.needs.id && !values.id.trim() ? 'Please enter a link id (create a link first to get one).' : null
    setIdError(idProblem)
    let body: unknown
    setBodyError(null)
    if (endpoint.needs.body) {
      try {
        body = JSON.parse(bodies[endpointId] || '{}')
      } catch {
        setBodyError('The request body is not valid JSON.')
        return
      }
    }
    if (keyProblem || idProblem) return
    setIsSending(true)
    setFailure(null)
    setAnswer(null)
    try {
      const result = await sendTestRequest(endpoint.method, endpoint.path({ ...values, id: values.id.trim() }), key, body)
      setAnswer(result)
      // A new link's id is what the next calls need.
      if (endpoint.value === 'create' && result.status < 300) {
        const id = (JSON.parse(result.body) as { id?: string }).id
        if (id) setValues((current) => ({ ...current, id }))
      }
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : 'Failed to make request')
    } finally {
      setIsSending(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardDescription>Send a real request with one of your API keys. It acts on your account: a created link is a real link.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={send} noValidate className="grid gap-5 lg:grid-cols-2">
          <div className="grid content-start gap-4">
            {keyPicker?.((key) => {
              setRawKey(key)
              setKeyError(null)
            })}
            <FormField label="API Key" error={keyError}>
              <Input
                value={rawKey}
                onChange={(e) => setRawKey(e.target.value)}
                placeholder="lnk_..."
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
              />
            </FormField>
            <FormField label="Endpoint">
              <Select
                value={endpointId}
                onValueChange={(next) => {
                  setEndpointId(next)
                  setBodyError(null)
                  setIdError(null)
                }}
                options={ENDPOINTS.map(({ value, label }) => ({ value, label }))}
              />
            </FormField>
            {endpoint.needs.id && (
              <FormField label="Link ID" error={idError}>
                <Input value={values.id} onChange={set('id')} placeholder="The id a created link answered" className="font-mono" />
              </FormField>
            )}
            {endpoint.needs.targetUrl && (
              <FormField label="Target URL" hint="Sent URL-encoded; trivial spelling differences do not matter.">
                <Input value={values.targetUrl} onChange={set('targetUrl')} />
              </FormField>
            )}
            {endpoint.needs.period && (
              <div className="grid grid-cols-2 gap-3">
                <FormField label="From">
                  <Input type="date" value={values.from} onChange={set('from')} />
                </FormField>
                <FormField label="To">
                  <Input type="date" value={values.to} onChange={set('to')} />
                </FormField>
              </div>
            )}
            {endpoint.needs.body && (
              <FormField label="Request Body (JSON)" error={bodyError}>
                <Textarea
                  value={bodies[endpointId]}
                  onChange={(e) => setBodies({ ...bodies, [endpointId]: e.target.value })}
                  className="min-h-48 font-mono text-[13px]"
                  spellCheck={false}
                />
              </FormField>
            )}
            <div>
              <Button type="submit" isLoading={isSending}>
                <Send aria-hidden="true" />
                Send Request
              </Button>
            </div>
          </div>
          <div className="grid min-w-0 content-start gap-3" aria-live="polite">
            <p className="text-sm font-medium text-slate-800">Response</p>
            {failure && (
              <Alert variant="destructive" title="Request failed">
                {failure}
              </Alert>
            )}
            {answer ? (
              <>
                <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="tester-status">
                  <Badge variant={answer.status < 300 ? 'success' : 'destructive'} className="font-mono">
                    {answer.status} {answer.statusText}
                  </Badge>
                  <span className="text-slate-500">{answer.ms} ms</span>
                </div>
                <CodeBlock title={`${endpoint.method} ${endpoint.path({ ...values, id: values.id.trim() })}`} code={answer.body || '(empty body)'} isWrapped />
              </>
            ) : (
              !failure && <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">The answer appears here.</p>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
