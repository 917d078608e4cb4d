// `npm run confirm-email -- <email>` confirms a user's address without the mailed link: for an
// install without a mail server, whose operator knows the address is the person's.
import { AppError } from '../src/platform/errors'
import { confirmEmailByOperator } from '../src/modules/auth/service'

export async function run(args: string[]) {
  const email = args.find((arg) => !arg.startsWith('--'))
  if (!email) throw new AppError('invalid', 'Usage: confirm-email <email>')
  const { email: confirmed, wasConfirmed } = await confirmEmailByOperator(email)
  return wasConfirmed ? `${confirmed} was confirmed already.` : `${confirmed} is now confirmed.`
}
