import { describe, expect, it } from 'bun:test'
import { createLinkCurl } from './code-samples'

describe('createLinkCurl', () => {
  it('writes the Quick Start request for the given endpoint, one option a line', () => {
    expect(createLinkCurl('https://api.linkcard.dev/link')).toBe(`curl -X POST https://api.linkcard.dev/link \\
  -H "Authorization: Bearer lnk_your_api_key" \\
  -H "Content-Type: application/json" \\
  -d '{
    "targetUrl": "https://example.com/blog/launch",
    "title": "We just launched!",
    "description": "See what is new in version 2.0",
    "ogImage": "https://example.com/images/launch-card.png"
  }'`)
  })
})
