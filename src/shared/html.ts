// Text put into HTML, in an element or a quoted attribute: the five characters that could end either.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c])
