// The account's brand on the card images Linkcard makes: its colour (a link's own accent colour
// goes first) and its logo, drawn beside the site. A change to either is a new card version for
// every link with a made image, so platforms fetch the new image.
import { AppError, fieldError } from '../../platform/errors'
import { getAccount, updateAccount } from '../accounts/service'
import { accountLogoId, imageBytes, logoUrl } from '../images/service'
import { newMadeImageVersions } from '../links/service'

export type Brand = { color: string | null; logo: string | null }

export async function brandOf(accountId: string): Promise<Brand> {
  const account = await getAccount(accountId)
  return { color: account.brandColor, logo: account.brandLogo && logoUrl(account.brandLogo) }
}

export async function setBrand(accountId: string, brand: Brand): Promise<Brand> {
  const logoId = brand.logo === null ? null : await accountLogoId(accountId, brand.logo)
  if (logoId === undefined) throw fieldError('invalid', 'logo', 'logo must be the address of a logo uploaded to this account (purpose=logo).')
  const before = await getAccount(accountId)
  const color = brand.color?.toLowerCase() ?? null
  if (before.brandColor !== color || before.brandLogo !== logoId) {
    if (!(await updateAccount(accountId, { brandColor: color, brandLogo: logoId }))) throw new AppError('not_found', 'Account not found.')
    await newMadeImageVersions(accountId)
  }
  return brandOf(accountId)
}

/** What a made image takes from the account: its colour, and its logo as a data: URL (the renderer reads no address). */
export async function drawnBrandOf(accountId: string): Promise<{ color: string | null; logo: string | null }> {
  const account = await getAccount(accountId)
  const bytes = account.brandLogo ? await imageBytes(account.brandLogo) : null
  return { color: account.brandColor, logo: bytes && `data:image/png;base64,${Buffer.from(bytes).toString('base64')}` }
}
