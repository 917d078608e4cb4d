// Debian's Chromium driven by playwright-core. One browser per test file; a fresh context per test.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** What Chromium needs on this kind of machine: as root, no GPU, and none of its own connections (the network is closed). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
]

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
}

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1440, height: 900 }

type Opened = { context: BrowserContext; page: Page }

// Pages a test closed, kept with their context for the file's next test on the same server: a new
// context starts a renderer and compiles the app's scripts afresh (about a second of CPU), a kept
// one reuses both. What a test may change in it is undone when it is put back (cookies, storage,
// permissions, routes, listeners, its other pages); one changed beyond that is really closed.
const keptPages = new WeakMap<Browser, (Opened & { baseURL: string })[]>()
const KEPT_MAX = 2
const PAGE_EVENTS = ['console', 'pageerror', 'dialog', 'request', 'response', 'requestfinished', 'requestfailed', 'framenavigated', 'load', 'domcontentloaded', 'popup', 'download', 'filechooser', 'websocket', 'worker']
const CONTEXT_EVENTS = ['page', 'console', 'dialog', 'request', 'response', 'requestfinished', 'requestfailed', 'weberror']

/**
 * A page at `viewport` on the file's server (`baseURL`), in a context of its own: to all appearances
 * new. `context.close()` puts it back for the next test, storage and cookies cleared.
 */
export async function openPage(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<Opened> {
  const kept = keptPages.get(browser) ?? []
  keptPages.set(browser, kept)
  const at = kept.findIndex((each) => each.baseURL === baseURL)
  if (at >= 0) {
    const { context, page } = kept.splice(at, 1)[0]!
    await page.setViewportSize(viewport)
    return { context, page }
  }
  // Reduced motion, which the app honours (web/styles.css): no test waits for an animation to settle,
  // and the browser paints no frames for one (a tenth less CPU a browser file). A key pressed in a
  // dialog or menu waits until it holds the keyboard (tests/web/support.ts, pressEscapeIn).
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' })
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  keepOnClose(kept, baseURL, { context, page })
  return { context, page }
}

/** Makes `context.close()` clean the page and keep it, unless the test changed what cannot be undone. */
function keepOnClose(kept: (Opened & { baseURL: string })[], baseURL: string, { context, page }: Opened) {
  let changedForGood = false
  const marksChange = <T extends object>(target: T, names: string[]) => {
    for (const name of names) {
      const original = (target as Record<string, unknown>)[name] as (...args: unknown[]) => unknown
      ;(target as Record<string, unknown>)[name] = (...args: unknown[]) => {
        changedForGood = true
        return original.apply(target, args)
      }
    }
  }
  marksChange(context, ['addInitScript', 'newCDPSession', 'exposeFunction', 'exposeBinding', 'setExtraHTTPHeaders', 'setOffline', 'setGeolocation', 'setHTTPCredentials', 'setDefaultTimeout', 'setDefaultNavigationTimeout'])
  marksChange(page, ['addInitScript', 'exposeFunction', 'exposeBinding', 'setExtraHTTPHeaders', 'emulateMedia', 'setDefaultTimeout', 'setDefaultNavigationTimeout'])
  marksChange(page.clock, ['install', 'setFixedTime', 'setSystemTime', 'runFor', 'pauseAt', 'fastForward'])
  const close = context.close.bind(context)
  context.close = async (options) => {
    if (changedForGood || page.isClosed() || kept.length >= KEPT_MAX) return close(options)
    try {
      for (const other of context.pages()) if (other !== page) await other.close()
      // The events a test listens to; Playwright's own listeners (a context's close) stay.
      for (const event of PAGE_EVENTS) await page.removeAllListeners(event, { behavior: 'ignoreErrors' })
      for (const event of CONTEXT_EVENTS) await context.removeAllListeners(event, { behavior: 'ignoreErrors' })
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await context.unrouteAll({ behavior: 'ignoreErrors' })
      await Promise.all([context.clearCookies(), context.clearPermissions()])
      await page.goto(`${baseURL}/robots.txt`)
      await page.evaluate(() => {
        localStorage.clear()
        sessionStorage.clear()
      })
      kept.push({ context, page, baseURL })
    } catch {
      await close(options)
    }
  }
}
