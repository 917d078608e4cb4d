// The extension's one way to the user's Linkcard: its address and API key, kept in the extension's
// own storage, and the two public API calls it makes. Every failure becomes a LinkcardError whose
// message the screens show as it is.
import type { components, operations } from '../../../sdk/schema'
import { keyAllows } from '../../../src/shared/api-keys'
import { withHttpsPrefix } from '../../../src/shared/link-rules'

type Caller = operations['getCaller']['responses'][200]['content']['application/json']
export type NewLink = components['schemas']['NewLink']
export type CreatedLink = components['schemas']['CreatedLink']

export type Settings = {
  /** The Linkcard's origin, as https://links.example.com. */
  baseUrl: string
  apiKey: string
  accountName: string
  keyName: string
}

const STORAGE_KEY = 'linkcard'

export class LinkcardError extends Error {
  constructor(
    message: string,
    /** The key was refused: signing in again is the way out. */
    readonly isSignInProblem = false,
  ) {
    super(message)
  }
}

export async function loadSettings(): Promise<Settings | null> {
  const stored = (await chrome.storage.local.get(STORAGE_KEY))[STORAGE_KEY] as Settings | undefined
  return stored?.baseUrl && stored.apiKey ? stored : null
}

export const forgetSettings = () => chrome.storage.local.remove(STORAGE_KEY)

/** The origin of an address as typed (https:// added when left out), if it is a web address. */
export function originOf(address: string): string | null {
  try {
    const url = new URL(withHttpsPrefix(address))
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin
  } catch {}
  return null
}

async function call<T>(baseUrl: string, apiKey: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const host = new URL(baseUrl).host
  let answer: Response
  try {
    answer = await fetch(`${baseUrl}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: init.body ? JSON.stringify(init.body) : undefined,
    })
  } catch {
    throw new LinkcardError(`Could not reach ${host}. Check the address, and that the server is running.`)
  }
  const body = (await answer.json().catch(() => null)) as ({ message?: string; errors?: { field: string; message: string }[] } & T) | null
  if (answer.ok && body) return body
  if (answer.status === 401) throw new LinkcardError(`${host} did not accept this API key. Check it, or make a new one under API keys in Linkcard.`, true)
  if (answer.status === 403) throw new LinkcardError(body?.message ?? 'This API key may not do that.', true)
  if (body?.message) {
    const details = body.errors?.map((error) => error.message).filter((message) => message !== body.message) ?? []
    throw new LinkcardError([body.message, ...details].join(' '))
  }
  throw new LinkcardError(answer.ok ? `${host} answered with something other than Linkcard's API.` : `${host} answered ${answer.status}. Is this the address of a Linkcard?`)
}

/** Checks the address and key with GET /api/me, and keeps them when the key may make links. */
export async function signIn(address: string, apiKey: string): Promise<Settings> {
  const baseUrl = originOf(address)
  if (!baseUrl) throw new LinkcardError('Enter the address of your Linkcard, as https://links.example.com.')
  const key = apiKey.trim()
  if (!key) throw new LinkcardError('Paste an API key: make one under API keys in Linkcard.')
  const caller = await call<Caller>(baseUrl, key, '/me')
  if (!keyAllows(caller.key.scopes, 'links:write'))
    throw new LinkcardError(`The key “${caller.key.name}” may not create links. Give a key the “links:write” scope.`)
  const settings: Settings = { baseUrl, apiKey: key, accountName: caller.account.name, keyName: caller.key.name }
  await chrome.storage.local.set({ [STORAGE_KEY]: settings })
  return settings
}

/** POST /api/link. The same `idempotencyKey` for a retry makes no second link. */
export const createLink = (settings: Settings, input: NewLink, idempotencyKey: string) =>
  call<CreatedLink>(settings.baseUrl, settings.apiKey, '/link', { method: 'POST', body: input, headers: { 'idempotency-key': idempotencyKey } })
