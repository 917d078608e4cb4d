// The Chromium extension, built and loaded unpacked into Chromium: signed in with an API key on its
// options page, its popup draws a local page's card from the page's own tags as each platform
// would, and makes short links of the page on a running server, with the page's card or one of
// the person's own. The popup is opened as Chromium opens it (the toolbar action, which gives the
// extension the page), then loaded in a tab of its own naming the page's tab, to be driven.
import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { cutText, PREVIEW_RULES } from '../../src/shared/platform-previews'
import { signUp } from '../helpers/accounts'
import { CHROMIUM, CHROMIUM_FLAGS } from '../helpers/browser'
import { client, type Client } from '../helpers/http'
import { freePort, startServer, type TestServer } from '../helpers/server'
import { until } from '../helpers/until'
import { saveScreenshot } from './support'

setDefaultTimeout(60_000)

const root = join(import.meta.dir, '../..')
const OG = {
  title: 'Launch notes: everything we shipped today',
  description: 'The features, the fixes and the numbers from launch day, in one page.',
  imageAlt: 'The launch cover',
}
const X_TITLE = 'Launch notes, for X'

/** A 1200×630 cover, as large as every platform shows large. */
function cover() {
  const png = new PNG({ width: 1200, height: 630 })
  for (let at = 0; at < png.data.length; at += 4) png.data.set([79, 70, 229, 255], at)
  return new Uint8Array(PNG.sync.write(png))
}

/** A site on a loopback port: a page with its card tags, its cover, and a page with a title alone. */
function servePages() {
  const image = cover()
  const html = (head: string) => new Response(`<!doctype html><html><head>${head}</head><body><h1>Hello</h1></body></html>`, { headers: { 'content-type': 'text/html' } })
  return Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(request) {
      const { pathname, origin } = new URL(request.url)
      if (pathname === '/cover.png') return new Response(image, { headers: { 'content-type': 'image/png' } })
      if (pathname === '/launch')
        return html(`<title>Launch | Example</title>
          <meta property="og:title" content="${OG.title}">
          <meta property="og:description" content="${OG.description}">
          <meta property="og:image" content="/cover.png">
          <meta property="og:image:alt" content="${OG.imageAlt}">
          <meta name="twitter:card" content="summary_large_image">
          <meta name="twitter:title" content="${X_TITLE}">
          <meta name="theme-color" content="#0ea5e9">
          <link rel="canonical" href="${origin}/launch">`)
      if (pathname === '/plain') return html('<title>Just a title</title>')
      return new Response('Not found', { status: 404 })
    },
  })
}

let server: TestServer
let http: Client
let pages: ReturnType<typeof servePages>
let apiKey: string
let apiKeyId: string
let sessionToken: string
let context: BrowserContext
let extensionId: string
let extensionDir: string
let profileDir: string

/** Builds the extension and opens Chromium with it loaded unpacked, on a profile of its own. */
async function launchWithExtension() {
  const build = Bun.spawn(['bun', 'run', 'scripts/build-extension.ts', extensionDir], { cwd: root, stdout: 'ignore', stderr: 'pipe' })
  if ((await build.exited) !== 0) throw new Error(`the extension did not build:\n${await new Response(build.stderr).text()}`)
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      // Lets the test press the toolbar button (Extensions.triggerAction) and find the extension.
      '--enable-unsafe-extension-debugging',
    ],
  })
  context.setDefaultTimeout(10_000)
  const cdp = await context.browser()!.newBrowserCDPSession()
  const { extensions } = await cdp.send('Extensions.getExtensions')
  extensionId = extensions.find((extension) => extension.path === extensionDir)!.id
  await cdp.detach()
}

beforeAll(async () => {
  extensionDir = mkdtempSync(join(tmpdir(), 'linkcard-extension-'))
  profileDir = mkdtempSync(join(tmpdir(), 'linkcard-profile-'))
  ;[server] = await Promise.all([startServer(), launchWithExtension()])
  http = client(server.url)
  pages = servePages()
  const person = await signUp(http, 'extension')
  sessionToken = person.token
  const made = await http.post('/api/apiKeys', { name: 'Browser extension' }, { token: sessionToken })
  expect(made.status).toBe(201)
  ;({ key: apiKey, id: apiKeyId } = made.body)
})

afterAll(async () => {
  await context?.close()
  pages?.stop(true)
  await server?.close()
  for (const dir of [extensionDir, profileDir]) if (dir) rmSync(dir, { recursive: true, force: true })
})

const extensionPage = (path: string) => `chrome-extension://${extensionId}/${path}`

async function openOptions() {
  const options = await context.newPage()
  await options.goto(extensionPage('options.html'))
  return options
}

async function signInWith(options: Page, address: string, key: string) {
  await options.getByLabel('Linkcard address').fill(address)
  await options.getByLabel('API key').fill(key)
  await options.getByRole('button', { name: /^Sign in/ }).click()
}

/**
 * Presses the extension's toolbar button on the page's tab, as a person would (which lets the
 * extension read that tab), then opens the popup in a tab of its own, told which tab it is about.
 */
async function openPopupOn(page: Page) {
  await page.bringToFront()
  const cdp = await context.browser()!.newBrowserCDPSession()
  const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] })
  const tab = targetInfos.find((target) => target.url === page.url())!
  await cdp.send('Extensions.triggerAction', { id: extensionId, targetId: tab.targetId })
  await cdp.detach()
  const popup = await context.newPage()
  await popup.setViewportSize({ width: 380, height: 720 })
  await popup.goto(extensionPage('popup.html'))
  // The page's tab id, as the extension knows it (its address shows now that the extension may read it).
  const tabId = await popup.evaluate(async (url) => ((await (globalThis as any).chrome.tabs.query({})) as { id: number; url?: string }[]).find((each) => each.url === url)?.id, page.url())
  expect(tabId).toBeNumber()
  await popup.goto(extensionPage(`popup.html?tab=${tabId}`))
  return popup
}

const mockup = (popup: Page) => popup.getByTestId('mockup')

async function showPlatform(popup: Page, name: string, platform: string) {
  await popup.getByRole('button', { name, exact: true }).click()
  await expect(mockup(popup).getAttribute('data-platform')).resolves.toBe(platform)
}

const apiGet = (path: string) => http.get(path, { token: apiKey })

/** Presses Shorten and answers the short link the popup shows, or fails with what it says instead. */
async function shorten(popup: Page) {
  await popup.getByRole('button', { name: 'Shorten' }).click()
  const made = popup.getByTestId('short-link')
  const refused = popup.getByRole('alert').filter({ hasText: 'No short link made' })
  await made.or(refused).first().waitFor()
  if (await refused.isVisible()) throw new Error(`the popup made no short link: ${await refused.textContent()}`)
  return made.inputValue()
}

describe('the extension', () => {
  it('refuses a bad key and a server that does not answer, then signs in with a good key', async () => {
    // Opened on no web page, the popup says there is no card to show.
    const popup = await context.newPage()
    await popup.goto(extensionPage('popup.html'))
    await popup.getByText('No card to show').waitFor()
    await popup.close()

    const options = await openOptions()
    await signInWith(options, server.url, 'lnk_not_a_key_of_this_server')
    await expect(options.getByRole('alert').textContent()).resolves.toContain('did not accept this API key')
    await signInWith(options, `http://127.0.0.1:${freePort()}`, apiKey)
    await expect(options.getByRole('alert').textContent()).resolves.toContain('Could not reach')
    await signInWith(options, server.url, apiKey)
    const signedIn = options.getByRole('status').filter({ hasText: 'Signed in' })
    await signedIn.waitFor()
    expect(await signedIn.textContent()).toContain('“Browser extension”')
    await options.close()
  })

  it("draws the page's card from its own tags as X, Facebook, LinkedIn and Slack would, and shortens the page with it", async () => {
    const page = await context.newPage()
    const pageUrl = `${pages.url.origin}/launch?from=newsletter`
    await page.goto(pageUrl)
    const popup = await openPopupOn(page)
    const host = new URL(pageUrl).host
    const image = `${pages.url.origin}/cover.png`

    const expected = {
      x: { name: 'X', title: X_TITLE },
      facebook: { name: 'Facebook', title: OG.title },
      linkedin: { name: 'LinkedIn', title: OG.title },
      slack: { name: 'Slack', title: OG.title },
    } as const
    for (const [platform, { name, title }] of Object.entries(expected)) {
      await showPlatform(popup, name, platform)
      const shown = mockup(popup)
      const rules = PREVIEW_RULES[platform as keyof typeof expected]
      expect(await shown.getByTestId('mockup-title').first().textContent()).toBe(cutText(title, rules.titleMax).text)
      const description = shown.getByTestId('mockup-description')
      if (rules.descriptionMax === null) expect(await description.count()).toBe(0)
      else expect(await description.textContent()).toBe(cutText(OG.description, rules.descriptionMax).text)
      const picture = shown.getByTestId('mockup-image')
      expect(await picture.getAttribute('src')).toBe(image)
      expect(await picture.getAttribute('alt')).toBe(OG.imageAlt)
      expect(await shown.getByTestId('mockup-domain').first().textContent()).toContain(host)
    }
    await showPlatform(popup, 'X', 'x')
    // The cover itself loaded (a picture that fails shows a placeholder instead).
    const cover = mockup(popup).getByTestId('mockup-image')
    await until(() => cover.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), { what: 'the cover to load', done: (width) => width === 1200 })
    expect(await popup.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(380)
    await saveScreenshot(popup, 'extension-popup.png', { fullPage: true })

    const sent = popup.waitForRequest((request) => request.url() === `${server.url}/api/link` && request.method() === 'POST')
    const url = await shorten(popup)
    const request = await sent
    const idempotencyKey = (await request.allHeaders())['idempotency-key']
    expect(idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    await popup.getByRole('button', { name: 'Copy' }).click()
    // Shown once the clipboard took the link.
    await popup.getByRole('button', { name: 'Copied' }).waitFor()

    const listed = await apiGet('/api/links')
    expect(listed.body).toHaveLength(1)
    const link = (await apiGet(`/api/link/${listed.body[0].id}`)).body
    expect(link).toMatchObject({ targetUrl: pageUrl, title: OG.title, description: OG.description, ogImage: image, ogImageAlt: OG.imageAlt, themeColor: '#0ea5e9' })
    expect(link.platformCards).toEqual({ x: { title: X_TITLE, description: null, ogImage: null } })
    expect(url).toContain(new URL(server.url).host)
    // The mock-ups now name the short link's host, where the card is shared from.
    expect(await mockup(popup).getByTestId('mockup-domain').first().textContent()).toContain(new URL(url).host)

    // The key the popup sent makes a retry of the same call answer the same link.
    const retry = await http.post('/api/link', JSON.parse(request.postData()!), { token: apiKey, headers: { 'idempotency-key': idempotencyKey } })
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.body.id).toBe(link.id)
    await popup.close()
    await page.close()
  })

  it('shortens the page with a card of its own, and says so when the key stops working', async () => {
    const page = await context.newPage()
    const pageUrl = `${pages.url.origin}/plain`
    await page.goto(pageUrl)
    const popup = await openPopupOn(page)
    // A page with no card tags: platforms show its title alone.
    await popup.getByText('This page has no card tags').waitFor()
    await showPlatform(popup, 'Slack', 'slack')
    expect(await mockup(popup).getByTestId('mockup-title').textContent()).toBe('Just a title')
    expect(await mockup(popup).getByTestId('mockup-image').count()).toBe(0)

    await popup.getByLabel('Use a card of my own').check()
    await popup.getByLabel('Title', { exact: true }).fill('')
    await popup.getByRole('button', { name: 'Shorten' }).click()
    await popup.getByText('Give the card a title.').waitFor()
    await popup.getByLabel('Title', { exact: true }).fill('A card of my own')
    await popup.getByLabel('Description', { exact: true }).fill('Written in the popup.')
    expect(await mockup(popup).getByTestId('mockup-title').textContent()).toBe('A card of my own')
    expect(await mockup(popup).getByTestId('mockup-description').textContent()).toBe('Written in the popup.')
    await shorten(popup)
    const made = (await apiGet('/api/links')).body.find((link: any) => link.targetUrl === pageUrl)
    expect(made).toMatchObject({ title: 'A card of my own', description: 'Written in the popup.', ogImage: null })

    // The key is revoked: the popup says the server refused it, and where to sign in again.
    expect((await http.delete(`/api/apiKeys/${apiKeyId}`, { token: sessionToken })).status).toBe(204)
    await popup.getByLabel('Title', { exact: true }).fill('Another card')
    await popup.getByRole('button', { name: 'Shorten' }).click()
    const refused = popup.getByRole('alert').filter({ hasText: 'No short link made' })
    await refused.waitFor()
    expect(await refused.textContent()).toContain('did not accept this API key')
    await expect(refused.getByRole('button', { name: 'Sign in again' }).isVisible()).resolves.toBe(true)
    await popup.close()
    await page.close()
  })
})
