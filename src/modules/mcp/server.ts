// The Model Context Protocol server an AI assistant reaches at /api/mcp with an API key: tools to
// create, find, inspect and change the key's account's links, each needing the scope its REST call
// needs. One server a request (stateless): the key is the whole of the caller's state.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { log } from '../../platform/log'
import { API_KEY_MESSAGES, keyAllows, type ApiKeyScope } from '../../shared/api-keys'
import { LINK_PAGE_DEFAULT, LINK_SEARCH_MAX } from '../../shared/link-list'
import { ALIAS_MAX, DESCRIPTION_MAX, TITLE_MAX, URL_MAX, VARIANT_WEIGHT_MAX, VARIANTS_MAX, VARIANTS_MIN } from '../../shared/link-rules'
import type { ApiKeyOwner } from '../api-keys/service'
import { linksJson, listLinkRows, updateLink } from '../links/service'
import { createOrReuseLink, statsOfLink } from '../public-api/service'

const SERVER_INFO = { name: 'linkcard', version: '1.0.0' }
// A page of links an assistant reads at once: its answer is written out, indented, in one go.
const ASSISTANT_PAGE_MAX = 100

/** A tool's answer: the result as JSON, or the product's own refusal (a 4xx's message and the fields it names). */
async function answer(owner: ApiKeyOwner, scope: ApiKeyScope, work: () => Promise<unknown>): Promise<CallToolResult> {
  if (!keyAllows(owner.scopes, scope)) return refusal(API_KEY_MESSAGES.missingScope(scope))
  try {
    const result = await work()
    return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) }], structuredContent: { result } }
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return refusal(error.errors?.length ? error.errors.map((each) => `${each.field}: ${each.message}`).join('\n') : error.message)
    log.error('an assistant tool failed', { error })
    return refusal('Something went wrong on our side; try again.')
  }
}
const refusal = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] })

/** Text as the REST API takes it: within a length, without control characters (the services check the rest). */
const text = (max: number) => z.string().max(max).regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, 'must hold no control characters')
const id = text(100).describe('The link id')

const card = {
  title: text(TITLE_MAX).describe('The preview title platforms show'),
  description: text(DESCRIPTION_MAX).optional().describe('The preview description'),
  ogImage: text(URL_MAX).optional().describe('The preview image: an https address, or one uploaded to Linkcard'),
}

const forwardQuery = z.boolean().describe("Whether a person's query string (?utm_source=…) is added to where the link sends them; true unless set")
const appLink = z.boolean().describe("Whether people on iOS and Android without the app are sent to its store (the link's app card must hold the store ids); false unless set")
const variants = z
  .array(z.object({ targetUrl: text(URL_MAX).describe('Where the people of this variant go'), weight: z.number().int().min(1).max(VARIANT_WEIGHT_MAX).describe('Its share: weight over the sum of weights') }))
  .min(VARIANTS_MIN)
  .max(VARIANTS_MAX)
  .nullable()
  .describe(`A split test: ${VARIANTS_MIN} to ${VARIANTS_MAX} targets people are sent to instead of the target, by weight, each person keeping one all day; null ends it (set the winner as targetUrl)`)
const cardVariant = z
  .object({ title: text(TITLE_MAX), description: text(DESCRIPTION_MAX).nullable().optional(), ogImage: text(URL_MAX).nullable().optional() })
  .nullable()
  .describe("A card test: a second title (and description and image, else the link's) that platforms get in turn with the link's own, to compare which brings more people; null ends it")
const domain = text(253).nullable().describe("One of the account's verified custom domains (its hostname) the link lives on; null or left out for the service's own address")

/** The tools, acting for the key's owner. */
export function assistantServer(owner: ApiKeyOwner): McpServer {
  const server = new McpServer(SERVER_INFO, {
    instructions: 'Linkcard makes short links whose previews on social platforms show the title, description and image chosen for them.',
  })
  server.registerTool(
    'create_link',
    {
      title: 'Create a short link',
      description: 'Creates a short link with its own preview card, or answers the identical link the account has already (needs links:write).',
      inputSchema: {
        targetUrl: text(URL_MAX).describe('Where the link sends people'),
        ...card,
        alias: text(ALIAS_MAX).optional().describe('A readable path of its own, such as spring-sale'),
        domain: domain.optional(),
        forwardQuery: forwardQuery.optional(),
        variants: variants.optional(),
      },
    },
    (input) => answer(owner, 'links:write', async () => (await createOrReuseLink(owner, input)).body),
  )
  server.registerTool(
    'list_links',
    {
      title: 'Find links',
      description: "Lists the account's links, newest first, optionally those whose title, target or alias holds `search` (needs links:read).",
      inputSchema: {
        search: text(LINK_SEARCH_MAX).optional(),
        page: z.number().int().min(1).optional(),
        limit: z.number().int().min(1).max(ASSISTANT_PAGE_MAX).optional().describe(`Links a page, ${LINK_PAGE_DEFAULT} unless given, ${ASSISTANT_PAGE_MAX} at most`),
      },
      annotations: { readOnlyHint: true },
    },
    (query) =>
      answer(owner, 'links:read', async () => {
        const listed = await listLinkRows(owner, query)
        return { links: await linksJson(listed.rows), total: listed.total, page: listed.page, limit: listed.limit }
      }),
  )
  server.registerTool(
    'get_link_stats',
    {
      title: "A link's stats",
      description: "A link's clicks, QR code scans and previews by day, platform and country, over the last 30 days unless from and to are given; paid plans only (needs analytics:read).",
      inputSchema: {
        id,
        from: text(10).optional().describe('First day, YYYY-MM-DD'),
        to: text(10).optional().describe('Last day, YYYY-MM-DD'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ id, from, to }) => answer(owner, 'analytics:read', () => statsOfLink(owner, id, { from, to })),
  )
  server.registerTool(
    'update_link',
    {
      title: 'Change a link',
      description: 'Changes the given fields of a link; isActive false pauses it (needs links:write).',
      inputSchema: {
        id,
        targetUrl: text(URL_MAX).optional(),
        title: card.title.optional(),
        description: card.description,
        ogImage: card.ogImage,
        isActive: z.boolean().optional(),
        domain: domain.optional(),
        forwardQuery: forwardQuery.optional(),
        appLink: appLink.optional(),
        variants: variants.optional(),
        cardVariant: cardVariant.optional(),
      },
    },
    ({ id, ...changes }) => answer(owner, 'links:write', () => updateLink(owner, id, changes)),
  )
  return server
}
