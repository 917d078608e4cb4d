// One way to show a date across the app: in the reader's own locale, the month spelled short
// ("Nov 25, 2026" in English, "25 nov. 2026" in French), and the time in minutes where it matters.
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' }

/** An instant's day, as the reader writes dates. */
export const formatDate = (value: string | Date, locale?: string) => new Date(value).toLocaleDateString(locale, DATE)

/** An instant's day and minute, as the reader writes them. */
export const formatDateTime = (value: string | Date, locale?: string) => new Date(value).toLocaleString(locale, { ...DATE, hour: 'numeric', minute: '2-digit' })
