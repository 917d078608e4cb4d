// `linkcard whoami`: the account and the key a command speaks as.
import { answered } from './api'
import { details, json } from './output'
import type { Context } from './spec'

export async function whoami(context: Context) {
  const api = context.api()
  const { data } = await answered(api, api.client.GET('/api/me'))
  if (context.isJson) return context.io.out(json(data))
  context.io.out(
    details([
      ['Linkcard', api.baseUrl],
      ['Account', `${data.account.name} (${data.account.id})`],
      ['Plan', data.account.plan],
      ['Key', `${data.key.name} (${data.key.id})`],
      ['Scopes', data.key.scopes?.join(', ') ?? 'all'],
    ]),
  )
}
