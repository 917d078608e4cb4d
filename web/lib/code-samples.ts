// The code samples the landing page and the docs show, written once so they stay alike.

/** The link every sample creates. */
export const SAMPLE_LINK_INPUT = {
  targetUrl: 'https://example.com/blog/launch',
  title: 'We just launched!',
  description: 'See what is new in version 2.0',
  ogImage: 'https://example.com/images/launch-card.png',
}

/** The Quick Start request: curl creating SAMPLE_LINK_INPUT at `endpoint` (the absolute POST /link URL). */
export function createLinkCurl(endpoint: string) {
  const body = JSON.stringify(SAMPLE_LINK_INPUT, null, 2).replaceAll('\n', '\n  ')
  return [`curl -X POST ${endpoint}`, '-H "Authorization: Bearer lnk_your_api_key"', '-H "Content-Type: application/json"', `-d '${body}'`].join(' \\\n  ')
}

/** The TypeScript client creating SAMPLE_LINK_INPUT on the Linkcard at `baseUrl` (its origin, the API under /api). */
export function createLinkTypeScript(baseUrl: string) {
  const body = JSON.stringify(SAMPLE_LINK_INPUT, null, 2).replaceAll('\n', '\n  ').replace(/"(\w+)":/g, '$1:')
  return [
    "import { createLinkcardClient } from 'linkcard-sdk'",
    '',
    `const linkcard = createLinkcardClient({ baseUrl: '${baseUrl}', apiKey: process.env.LINKCARD_API_KEY! })`,
    '',
    `const { data, error } = await linkcard.POST('/api/link', {`,
    `  body: ${body},`,
    '})',
    'if (error) throw new Error(error.message)',
    'console.log(data.url) // the short link, typed as the API answers it',
  ].join('\n')
}
