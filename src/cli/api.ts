// The public API as the user commands call it: the TypeScript client (sdk/), which sends the key,
// an Idempotency-Key on creates and waits out 429s and 5xx, and one place that turns its answers
// into data or the CliError their status means.
import { createLinkcardClient } from '../../sdk/index.ts'
import { VERSION } from '../platform/version'
import { apiError, CliError, EXIT } from './failure'

export const connect = ({ baseUrl, apiKey }: { baseUrl: string; apiKey: string }) => ({ baseUrl, client: createLinkcardClient({ baseUrl, apiKey, userAgent: `linkcard-cli/${VERSION}` }) })
export type Api = ReturnType<typeof connect>

type Answer<T> = { data?: T; error?: unknown; response: Response }

/** The data of a successful answer; a refusal or failure as the CliError its status means. */
export async function answered<T>(api: Api, pending: Promise<Answer<T>>): Promise<{ data: T; response: Response }> {
  let answer: Answer<T>
  try {
    answer = await pending
  } catch (error) {
    throw new CliError(EXIT.failed, `Could not reach Linkcard at ${api.baseUrl}: ${(error as Error).message}`)
  }
  if (answer.error !== undefined || !answer.response.ok) throw apiError(answer.response, answer.error)
  return { data: answer.data as T, response: answer.response }
}
