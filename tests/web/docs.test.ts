import { beforeAll, describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import { openPage, PHONE } from '../helpers/browser'
import { client } from '../helpers/http'
import { browserAroundTests, createAccount } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()
let apiKey: string
beforeAll(async () => {
  const session = await createAccount(web.server, 'docs')
  apiKey = (await client(web.server.url).post('/api/apiKeys', { name: 'Docs tester' }, { token: session.token })).body.key
})

async function openDocs(viewport?: typeof PHONE) {
  const opened = await openPage(web.browser, web.server.url, viewport)
  await opened.page.goto('/docs')
  await opened.page.getByRole('heading', { level: 1, name: 'API Documentation' }).waitFor()
  return opened
}

const tester = (page: Page) => page.locator('#try-it-out')

type OpenApi = { paths: Record<string, Record<string, { parameters?: { description?: string; schema?: { description?: string } }[] }>> }

/** What keeps an element from being seen whole: off the screen's sides, cut by an ancestor, or overflowing itself; null when nothing does. */
function clippedBy(element: Element): string | null {
  const box = element.getBoundingClientRect()
  if (box.width === 0 || box.height === 0) return 'not shown'
  if (box.left < 0 || box.right > document.documentElement.clientWidth) return `off screen (${box.left}..${box.right})`
  if (element.scrollWidth > element.clientWidth + 1) return 'overflows itself'
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (getComputedStyle(parent).overflowX === 'visible') continue
    const frame = parent.getBoundingClientRect()
    if (box.left < frame.left - 1 || box.right > frame.right + 1) return `cut by ${parent.tagName.toLowerCase()}.${parent.className}`
  }
  return null
}

// Chosen with the keyboard: the list aligns the chosen item with its trigger, and on a busy
// machine an option can still be outside the viewport when a pointer would click it.
async function chooseEndpoint(page: Page, label: string) {
  await tester(page).getByLabel('Endpoint').click()
  const option = page.getByRole('option', { name: label })
  await option.focus()
  await page.keyboard.press('Enter')
  await option.waitFor({ state: 'detached' })
}

describe('/docs reference', () => {
  it('draws every operation of the OpenAPI document, with parameters, bodies and answers', async () => {
    const { page, context } = await openDocs()
    const document = (await client(web.server.url).get('/api/openapi.json')).body
    const expected = Object.values(document.paths as Record<string, object>).reduce((n: number, item) => n + Object.keys(item).length, 0)
    await page.getByTestId('api-operation').first().waitFor()
    expect(await page.getByTestId('api-operation').count()).toBe(expected)
    const create = page.locator('#post-api-link')
    expect(await create.textContent()).toContain('Create a link')
    // A new link's two shapes (with its title, or with useOriginalMeta) read as one list of fields.
    const body = create.getByRole('region', { name: 'Request body of POST /api/link' })
    const field = async (name: string) => {
      const row = body.locator('dt', { hasText: new RegExp(`^${name}(required)?$`) }).locator('..')
      const [type, description] = await row.locator('dd').allInnerTexts()
      return { name, required: (await row.getByText('required', { exact: true }).count()) === 1, type, description: description!.slice(0, 40) }
    }
    expect(await field('targetUrl')).toEqual({ name: 'targetUrl', required: true, type: 'string (uri)', description: 'Where visitors are sent (http or https, ' })
    expect(await field('title')).toEqual({ name: 'title', required: false, type: 'string', description: 'Preview title (up to 200 characters, one' })
    expect(await field('useOriginalMeta')).toEqual({ name: 'useOriginalMeta', required: false, type: 'boolean', description: "Read the target page's own title, descri" })
    expect(await create.getByRole('region', { name: 'Response 201 of POST /api/link' }).textContent()).toContain('existing')
    const stats = page.locator('#get-api-stats-id')
    expect(await stats.getByRole('region', { name: 'Parameters of GET /api/stats/{id}' }).textContent()).toContain('from (query)')
    expect(await stats.textContent()).toContain('403')
    const interactive = page.getByRole('link', { name: 'Interactive reference' })
    expect(await interactive.getAttribute('href')).toBe('/api/docs')
    await context.close()
  })

  it('reads on a phone: nothing wider than the screen, every parameter description whole, no raw backticks', async () => {
    const { page, context } = await openDocs(PHONE)
    await page.getByTestId('api-operation').first().waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    const openapi = (await client(web.server.url).get('/api/openapi.json')).body as OpenApi
    const described = Object.entries(openapi.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        (operation.parameters ?? []).map((p) => ({ region: `Parameters of ${method.toUpperCase()} ${path}`, text: p.description ?? p.schema?.description ?? '' })),
      ),
    )
    expect(described.length).toBeGreaterThanOrEqual(5)
    expect(described.filter((d) => !d.text)).toEqual([])
    for (const { region, text } of described) {
      const description = page.getByRole('region', { name: region }).getByText(text.replaceAll('`', ''), { exact: true })
      expect({ region, text, hidden: await description.evaluate(clippedBy) }).toEqual({ region, text, hidden: null })
    }
    expect(await page.locator('main').textContent()).not.toContain('`')
    await context.close()
  })

  it('repeats no heading right under itself', async () => {
    const { page, context } = await openDocs()
    await page.getByTestId('api-operation').first().waitFor()
    const headings = await page.locator('main').getByRole('heading').allInnerTexts()
    const repeats = headings.slice(1).filter((heading, i) => heading.toLowerCase().startsWith(headings[i].toLowerCase()))
    expect(headings.length).toBeGreaterThan(10)
    expect(repeats).toEqual([])
    await context.close()
  })

  it('links to the interactive reference, which renders offline from this server', async () => {
    const { page, context } = await openDocs()
    const outside: string[] = []
    const violations: string[] = []
    page.on('request', (request) => {
      if (!request.url().startsWith(web.server.url)) outside.push(request.url())
    })
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text())
    })
    await page.getByRole('link', { name: 'Interactive reference' }).click()
    await page.waitForURL('**/api/docs')
    await page.locator('.swagger-ui .opblock').first().waitFor()
    expect(await page.locator('.swagger-ui .opblock').count()).toBeGreaterThanOrEqual(8)
    expect(await page.locator('.swagger-ui').textContent()).toContain('/api/link/byTarget/{targetUrl}')
    expect(outside).toEqual([])
    expect(violations).toEqual([])
    await context.close()
  })
})

describe('/docs tester', () => {
  it('requires a key that starts with lnk_, after dropping whitespace and non-ASCII characters', async () => {
    const { page, context } = await openDocs()
    let sent = 0
    await page.route('**/api/link**', (route) => {
      sent++
      return route.continue()
    })
    const send = tester(page).getByRole('button', { name: 'Send Request' })
    await send.click()
    await tester(page).getByText('Please enter your API key').waitFor()
    await tester(page).getByLabel('API Key').fill('  \u00a0 ')
    await send.click()
    await tester(page).getByText('Please enter your API key').waitFor()
    await tester(page).getByLabel('API Key').fill('sk_test_123')
    await send.click()
    await tester(page).getByText("API key must start with 'lnk_'").waitFor()
    expect(sent).toBe(0)
    await context.close()
  })

  it('creates a link with the sample values and shows status, time and the JSON answer; then reads it back', async () => {
    const { page, context } = await openDocs()
    // A key pasted with spaces, a line break and a stray non-ASCII character still works.
    await tester(page).getByLabel('API Key').fill(` ${apiKey.slice(0, 10)}\u200b${apiKey.slice(10)}\n`)
    expect(await tester(page).getByLabel('Request Body (JSON)').inputValue()).toContain('"targetUrl": "https://example.com/blog/launch"')
    await tester(page).getByRole('button', { name: 'Send Request' }).click()
    const status = tester(page).getByTestId('tester-status')
    await status.getByText('201').waitFor()
    expect(await status.textContent()).toMatch(/\d+ ms/)
    const created = JSON.parse((await tester(page).locator('pre code').textContent())!)
    expect(created).toMatchObject({ existing: false, slug: expect.stringMatching(/^[0-9A-Za-z]{7}$/) })
    expect(await tester(page).getByLabel('API Key').inputValue()).toBe(apiKey)

    await chooseEndpoint(page, 'GET /link/{id} · Read a link')
    expect(await tester(page).getByLabel('Link ID').inputValue()).toBe(created.id)
    await tester(page).getByRole('button', { name: 'Send Request' }).click()
    await tester(page).getByTestId('tester-status').getByText('200').waitFor()
    expect(JSON.parse((await tester(page).locator('pre code').textContent())!).title).toBe('We just launched!')

    await chooseEndpoint(page, 'GET /stats/{id} · Link statistics')
    await tester(page).getByRole('button', { name: 'Send Request' }).click()
    await tester(page).getByTestId('tester-status').getByText('403').waitFor()
    expect(await tester(page).locator('pre code').textContent()).toContain('paid plans')
    await context.close()
  })

  it('wraps a long answer on a phone instead of widening the page', async () => {
    const targetUrl = `https://example.com/${'very-long-path-segment/'.repeat(40)}end`
    const created = await client(web.server.url).post('/api/link', { targetUrl, title: 'A long target' }, { token: apiKey })
    expect(created.status).toBe(201)
    const { page, context } = await openDocs(PHONE)
    await tester(page).getByLabel('API Key').fill(apiKey)
    await chooseEndpoint(page, 'GET /link/{id} · Read a link')
    await tester(page).getByLabel('Link ID').fill(created.body.id)
    await tester(page).getByRole('button', { name: 'Send Request' }).click()
    await tester(page).getByTestId('tester-status').getByText('200').waitFor()
    const answer = tester(page).locator('pre')
    expect(JSON.parse((await answer.textContent())!).targetUrl).toBe(targetUrl)
    expect(await answer.evaluate(clippedBy)).toBeNull()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await context.close()
  })

  it('shows the answer of a refused key as it came', async () => {
    const { page, context } = await openDocs()
    await tester(page).getByLabel('API Key').fill(`lnk_${'x'.repeat(40)}`)
    await chooseEndpoint(page, 'GET /links · List links')
    await tester(page).getByRole('button', { name: 'Send Request' }).click()
    await tester(page).getByTestId('tester-status').getByText('401').waitFor()
    expect(await tester(page).locator('pre code').textContent()).toContain('Invalid or revoked API key.')
    await context.close()
  })

  it('shows the network error when the request cannot be made', async () => {
    const { page, context } = await openDocs()
    await page.route('**/api/links', (route) => route.abort('internetdisconnected'))
    await tester(page).getByLabel('API Key').fill(apiKey)
    await chooseEndpoint(page, 'GET /links · List links')
    await tester(page).getByRole('button', { name: 'Send Request' }).click()
    await tester(page).getByText('Request failed').waitFor()
    expect(await tester(page).getByRole('alert').textContent()).toMatch(/Failed to fetch|Failed to make request/)
    await context.close()
  })
})

describe('/docs edge worker', () => {
  it('explains the single-page-app use, links to the guides, the keys and the docs repository, and offers the script', async () => {
    const { page, context } = await openDocs()
    const section = page.locator('#edge-worker')
    await section.getByText('single-page app', { exact: false }).first().waitFor()
    expect(await section.getByRole('link', { name: 'Step-by-step guides' }).getAttribute('href')).toBe('/how-to/')
    expect(await section.getByRole('link', { name: 'API Keys' }).getAttribute('href')).toBe('/api-keys')
    expect(await section.getByRole('link', { name: 'Public docs repository' }).getAttribute('href')).toBe('https://github.com/linkcard/docs')
    expect(await section.textContent()).toContain(`LINKCARD_API=${web.server.url}/api`)
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Download the edge worker' }).click()])
    expect(download.suggestedFilename()).toBe('linkcard-edge-worker.js')
    const text = await Bun.file((await download.path())!).text()
    expect(text).toContain('new HTMLRewriter()')
    await context.close()
  })
})
