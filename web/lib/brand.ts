import useSWR, { mutate } from 'swr'
import { api } from './api'

/** The account's colour and logo on the card images Linkcard makes: set in the settings, drawn by the link form's previews. */
export type Brand = { color: string | null; logo: string | null }
const BRAND = '/brand'
export const useBrand = () => useSWR<Brand>(BRAND, api.get)
export async function saveBrand(brand: Brand) {
  const saved = await api.put<Brand>(BRAND, brand)
  await mutate(BRAND, saved, { revalidate: false })
  return saved
}
