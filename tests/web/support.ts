// Helpers shared by the browser tests: the file's server and browser, accounts made over HTTP,
// sessions put into a page, mail read from the server's outbox.
import { afterAll, beforeAll } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import { DESKTOP, launchBrowser, openPage } from '../helpers/browser'
import { client, uniqueEmail, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'

export type BrowserTier = { server: TestServer; browser: Browser; http: Client }

/**
 * The file's server (with `env`, read when the tests start) and Chromium, started side by side
 * before its tests and closed after them.
 */
export function browserAroundTests(env: () => Record<string, string> = () => ({})): BrowserTier {
  const tier = {} as BrowserTier
  beforeAll(async () => {
    ;[tier.server, tier.browser] = await Promise.all([startServer({ env: env() }), launchBrowser()])
    tier.http = client(tier.server.url)
  })
  afterAll(async () => {
    await tier.browser?.close()
    await tier.server?.close()
  })
  return tier
}

export const PASSWORD = 'correct-horse-battery'

/** A new account made through the API, for tests that start signed in. */
export async function createAccount(server: TestServer, label = 'web'): Promise<Session & { password: string }> {
  const answer = await client(server.url).post<Session>('/api/auth/signup', { email: uniqueEmail(label), password: PASSWORD })
  if (answer.status !== 201) throw new Error(`signup answered ${answer.status}: ${answer.text}`)
  return { ...answer.body, password: PASSWORD }
}

/** Stores a session the way the app does (auth_token, auth_user), then opens `path`. */
export async function openSignedIn(page: Page, session: Session, path: string) {
  await page.goto('/robots.txt')
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('auth_token', token)
    localStorage.setItem('auth_user', JSON.stringify(user))
  }, session)
  await page.goto(path)
}

type SignedInOptions = { session?: Session; label?: string; viewport?: typeof DESKTOP }

/**
 * A new page at `viewport` on `path`, signed in as `session` or, by default, as a new account made
 * over the API (named after `label`): how a test that is not about signing in starts.
 */
export async function openSignedInPage(tier: BrowserTier, path: string, { session, label, viewport = DESKTOP }: SignedInOptions = {}) {
  const signedIn = session ?? (await createAccount(tier.server, label))
  const opened = await openPage(tier.browser, tier.server.url, viewport)
  await openSignedIn(opened.page, signedIn, path)
  return { ...opened, session: signedIn }
}

/** A new page on /share-links, signed in as `session`, once the list's heading shows. */
export async function openLinkList(tier: BrowserTier, session: Session, viewport = DESKTOP) {
  const opened = await openSignedInPage(tier, '/share-links', { session, viewport })
  await opened.page.getByRole('heading', { level: 1, name: 'Share Links' }).waitFor()
  return opened
}

/** The stored session as the page sees it. */
export const storedSession = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('auth_token'), user: JSON.parse(localStorage.getItem('auth_user') ?? 'null') }))

/** The text of every mail the server wrote to DATA_DIR/outbox for `to`, oldest first, decoded. */
export function outboxMails(server: TestServer, to: string): string[] {
  const dir = join(server.dataDir, 'outbox')
  let files: string[]
  try {
    files = readdirSync(dir).sort()
  } catch {
    return []
  }
  return files
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((mail) => mail.toLowerCase().includes(to.toLowerCase()))
    .map((mail) => mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))))
}

/** The reset link from the newest reset mail to `to`. */
export async function resetLinkFor(server: TestServer, to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const link = outboxMails(server, to)
      .map((mail) => /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail)?.[0])
      .filter(Boolean)
      .pop()
    if (link) return link
    await Bun.sleep(100)
  }
  throw new Error(`no reset mail for ${to} in the outbox`)
}

/** The confirmation link from the newest confirmation mail to `to` (sent in the background). */
export async function confirmLinkFor(server: TestServer, to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const link = outboxMails(server, to)
      .map((mail) => /https?:\/\/\S+\/verify-email\?token=[\w.-]+/.exec(mail)?.[0])
      .filter(Boolean)
      .pop()
    if (link) return link
    await Bun.sleep(100)
  }
  throw new Error(`no confirmation mail for ${to} in the outbox`)
}

/** Waits for the toast with this title (and description); answers it, to check its variant or close it. */
export async function waitForToast(page: Page, title: string, description?: string | RegExp) {
  let toast = page.locator('li[data-variant]').filter({ hasText: title })
  if (description) toast = toast.filter({ hasText: description })
  await toast.first().waitFor()
  return toast.first()
}

/**
 * Closes a dialog with Escape as a person would: once it holds the keyboard. A dialog is painted a
 * moment before its effects run, and until then Escape has no listener and the key is lost.
 */
export async function closeWithEscape(page: Page, dialog: Locator) {
  await pressEscapeIn(page, dialog)
  await dialog.waitFor({ state: 'detached' })
}

/** Presses Escape once `container` (a dialog, a menu, a list of options) holds the keyboard: what it does with the key is then its own. */
export async function pressEscapeIn(page: Page, container: Locator) {
  await container.waitFor()
  await page.waitForFunction((element) => element?.contains(document.activeElement) ?? false, await container.elementHandle())
  await page.keyboard.press('Escape')
}

/**
 * Saves a picture of the page or one element as `name` in SCREENSHOTS_DIR, for a person to look at
 * what a test saw; without that setting, nothing (a picture takes time and asserts nothing).
 */
export async function saveScreenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.SCREENSHOTS_DIR
  if (dir) await target.screenshot({ path: join(dir, name), ...options })
}
