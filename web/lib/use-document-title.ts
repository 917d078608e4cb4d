import { useEffect } from 'react'
import { PRODUCT_NAME } from './site'

/** Sets the tab title for a screen: "Pricing · Linkcard". */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME}: short links with the social previews you choose`
  }, [title])
}
