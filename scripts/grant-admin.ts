// `npm run grant-admin -- <email>` makes an existing user a super admin;
// `npm run grant-admin -- --revoke <email>` takes it back.
import { AppError } from '../src/platform/errors'
import { setSuperAdmin } from '../src/modules/auth/service'

export async function run(args: string[]) {
  const revoke = args.includes('--revoke')
  const email = args.find((arg) => !arg.startsWith('--'))
  if (!email) throw new AppError('invalid', 'Usage: grant-admin [--revoke] <email>')
  const who = await setSuperAdmin(email, !revoke)
  return revoke ? `${who} is no longer a super admin.` : `${who} is now a super admin.`
}
