import { beforeAll, describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import { DESKTOP, openPage, PHONE } from '../helpers/browser'
import { client } from '../helpers/http'
import { until } from '../helpers/until'
import { browserAroundTests, createAccount, saveScreenshot } from './support'

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
      const description = page.getByRole('region', { name: region, exact: true }).getByText(text.replaceAll('`', ''), { exact: true })
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

/** Where the element's top stands in the window, and the URL's hash. */
const placeOf = (page: Page, id: string) =>
  page.evaluate((id) => ({ top: Math.round(document.getElementById(id)!.getBoundingClientRect().top), hash: location.hash }), id)

/** Whether the element with this id starts in the top part of the window, below the sticky bars (`below` px). */
const isAtTop = (below: number) => (place: { top: number }) => place.top >= below - 2 && place.top < 300

/** How many operations the server's OpenAPI document has. */
async function operationCount() {
  const document = (await client(web.server.url).get('/api/openapi.json')).body as OpenApi
  return Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0)
}

describe('/docs outline', () => {
  it('lists every section and endpoint in a sidebar of links; a click brings the place into view, sets the hash and marks it current', async () => {
    const { page, context } = await openDocs()
    await page.getByTestId('api-operation').first().waitFor()
    const sidebar = page.getByRole('navigation', { name: 'On this page' })
    expect(await sidebar.count()).toBe(1)
    const hrefs = await sidebar.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')!))
    const operations = await page.getByTestId('api-operation').evaluateAll((cards) => cards.map((card) => `#${card.id}`))
    expect(operations.length).toBe(await operationCount())
    for (const id of [...operations, '#getting-started', '#typescript', '#reference', '#links-endpoints', '#try-it-out', '#edge-worker']) expect(hrefs).toContain(id)
    expect(await sidebar.getByRole('link', { name: 'post Create a link' }).getAttribute('href')).toBe('#post-api-link')
    // Every entry leads somewhere on the page.
    expect(await page.evaluate((hrefs) => hrefs.filter((href) => !document.getElementById(href.slice(1))), hrefs)).toEqual([])

    const change = sidebar.getByRole('link', { name: 'patch Change a link' })
    await change.click()
    await until(() => placeOf(page, 'patch-api-link-id'), { what: 'PATCH /api/link/{id} at the top with its hash', done: (place) => place.hash === '#patch-api-link-id' && isAtTop(64)(place) })
    await until(() => change.getAttribute('aria-current'), { what: 'the clicked entry marked current', done: (current) => current === 'location' })
    expect(await sidebar.locator('[aria-current]').count()).toBe(1)
    await saveScreenshot(page, 'docs-sidebar-1440.png')

    // Reading on (scrolling, no click) moves the mark.
    await page.locator('#edge-worker').evaluate((section) => section.scrollIntoView())
    const edge = sidebar.getByRole('link', { name: 'Edge Worker' })
    await until(() => edge.getAttribute('aria-current'), { what: 'Edge Worker marked current after scrolling to it', done: (current) => current === 'location' })
    expect(await change.getAttribute('aria-current')).toBeNull()
    await context.close()
  })

  it('reaches every sidebar entry with Tab, in order', async () => {
    const { page, context } = await openDocs()
    await page.getByTestId('api-operation').first().waitFor()
    const sidebar = page.getByRole('navigation', { name: 'On this page' })
    const hrefs = await sidebar.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    const reached: (string | null)[] = []
    for (let press = 0; press < hrefs.length + 30 && reached.length < hrefs.length; press++) {
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(() => {
        const element = document.activeElement
        return element?.closest('nav[aria-label="On this page"]') ? element.getAttribute('href') : null
      })
      if (focused) reached.push(focused)
    }
    expect(reached).toEqual(hrefs)
    await context.close()
  })

  for (const viewport of [DESKTOP, PHONE])
    it(`opens /docs#anchor at its place, for an endpoint and for a section the reference pushes down (${viewport.width} px)`, async () => {
      // Under the header, and on a phone under the outline's bar too.
      const below = viewport === PHONE ? 100 : 64
      for (const id of ['get-api-stats-id', 'edge-worker']) {
        const { page, context } = await openPage(web.browser, web.server.url, viewport)
        await page.goto(`/docs#${id}`)
        await page.getByTestId('api-operation').first().waitFor()
        await until(() => placeOf(page, id), { what: `#${id} at the top of the window`, done: isAtTop(below) })
        await saveScreenshot(page, `docs-anchor-${id}-${viewport.width}.png`)
        await context.close()
      }
    })

  it('gives every section and endpoint a "#" link that shows on hover and on keyboard focus', async () => {
    const { page, context } = await openDocs()
    await page.getByTestId('api-operation').first().waitFor()
    const anchors = page.locator('main').getByRole('link', { name: /^Link to / })
    const targets = await anchors.evaluateAll((links) => links.map((link) => link.getAttribute('href')!.slice(1)))
    // The sections, the reference's groups and every endpoint.
    expect(targets.length).toBe(5 + (await page.locator('#reference section[id]').count()) + (await operationCount()))
    expect(await page.evaluate((ids) => ids.filter((id) => !document.getElementById(id)), targets)).toEqual([])
    const create = page.getByRole('link', { name: 'Link to POST /api/link', exact: true })
    expect(await create.getAttribute('href')).toBe('#post-api-link')
    const opacity = () => create.evaluate((link) => getComputedStyle(link).opacity)
    expect(await opacity()).toBe('0')
    await page.locator('#post-api-link h3').hover()
    await until(opacity, { what: 'the "#" shown on hover', done: (value) => value === '1' })
    await page.mouse.move(0, 0)
    await until(opacity, { what: 'the "#" hidden again', done: (value) => value === '0' })
    await page.keyboard.press('Shift')
    await create.focus()
    await until(opacity, { what: 'the "#" shown on keyboard focus', done: (value) => value === '1' })
    await create.press('Enter')
    await until(() => placeOf(page, 'post-api-link'), { what: 'the hash set by the "#"', done: (place) => place.hash === '#post-api-link' && isAtTop(64)(place) })
    await context.close()
  })

  it('folds the outline into an "On this page" bar on a phone, which opens, closes and takes the reader to an endpoint', async () => {
    const { page, context } = await openDocs(PHONE)
    await page.getByTestId('api-operation').first().waitFor()
    const toggle = page.getByRole('button', { name: /^On this page/ })
    const list = page.getByRole('navigation', { name: 'On this page' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await list.count()).toBe(0)
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await list.waitFor()
    expect(await list.getByRole('link').count()).toBe(5 + (await page.locator('#reference section[id]').count()) + (await operationCount()))
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await saveScreenshot(page, 'docs-outline-open-390.png')
    await toggle.click()
    await list.waitFor({ state: 'detached' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')

    // Escape closes it too, and the keyboard is back on the button.
    await toggle.click()
    await list.waitFor()
    await page.keyboard.press('Escape')
    await list.waitFor({ state: 'detached' })
    expect(await toggle.evaluate((button) => document.activeElement === button)).toBe(true)

    // An entry closes the list and brings its endpoint under the bar, which then names it.
    await toggle.click()
    await list.getByRole('link', { name: 'get Read a link' }).click()
    await list.waitFor({ state: 'detached' })
    await until(() => placeOf(page, 'get-api-link-id'), { what: 'GET /api/link/{id} under the bar with its hash', done: (place) => place.hash === '#get-api-link-id' && isAtTop(100)(place) })
    await until(() => toggle.textContent(), { what: 'the bar naming the endpoint', done: (text) => text?.includes('Read a link') ?? false })
    await saveScreenshot(page, 'docs-outline-endpoint-390.png')
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
