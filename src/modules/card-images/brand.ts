// The account's brand on the card images Linkcard makes: its colour (a link's own accent colour
// goes first) and its logo, drawn beside the site. A change to either is a new card version for
// every link with a made image, so platforms fetch the new image.
import { transaction } from '../../platform/db'
import { AppError, fieldError } from '../../platform/errors'
import { getAccount, updateAccount } from '../accounts/service'
import { actingOf, changesBetween, recordAccountChange, type Acting } from '../audit/service'
import { accountLogoId, imageBytes, logoUrl } from '../images/service'
import { newMadeImageVersions } from '../links/service'

export type Brand = { color: string | null; logo: string | null }

export async function brandOf(accountId: string): Promise<Brand> {
  const account = await getAccount(accountId)
  return { color: account.brandColor, logo: account.brandLogo && logoUrl(account.brandLogo) }
}

export async function setBrand(owner: { accountId: string; acting?: Acting }, brand: Brand): Promise<Brand> {
  const { accountId } = owner
  const logoId = brand.logo === null ? null : await accountLogoId(accountId, brand.logo)
  if (logoId === undefined) throw fieldError('invalid', 'logo', 'logo must be the address of a logo uploaded to this account (purpose=logo).')
  const before = await getAccount(accountId)
  const color = brand.color?.toLowerCase() ?? null
  if (before.brandColor !== color || before.brandLogo !== logoId) {
    await transaction(async (tx) => {
      const after = await updateAccount(accountId, { brandColor: color, brandLogo: logoId }, tx)
      if (!after) throw new AppError('not_found', 'Account not found.')
      const changes = changesBetween({ color: before.brandColor, logo: before.brandLogo }, { color: after.brandColor, logo: after.brandLogo })
      if (changes) await recordAccountChange(tx, actingOf(owner), { accountId, action: 'brand.changed', target: { type: 'account', id: accountId, name: after.name }, changes })
    })
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
