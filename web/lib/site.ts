// Product-wide constants the screens show.
export const PRODUCT_NAME = 'Linkcard'

/** Where visitors can write when the contact form fails. */
export const SUPPORT_EMAIL = 'support@linkcard.dev'
