// `npm run grant-admin -- [--revoke] <email>`
import { AppError } from '../src/platform/errors'

export async function run(_args: string[]): Promise<string> {
  throw new AppError('unavailable', 'grant-admin is not available yet.')
}
