import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import { contrastRatio } from '../../src/shared/qr-design'
import { PLAN_INFO, PLAN_LIST } from '../../src/shared/plans'
import { SAMPLE_LINK_INPUT } from '../../web/lib/code-samples'
import { DESKTOP, openPage, PHONE } from '../helpers/browser'
import { until } from '../helpers/until'
import { browserAroundTests, saveScreenshot, waitForToast } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()

async function open(path: string, viewport?: typeof PHONE) {
  const opened = await openPage(web.browser, web.server.url, viewport)
  await opened.page.goto(path)
  return opened
}

/** The addresses the page asked for that are not this server's. */
function requestsElsewhere(page: Page) {
  const outside: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(web.server.url) && !request.url().startsWith('data:')) outside.push(request.url())
  })
  return outside
}

type TextColours = { text: string; color: string; background: string }

/**
 * The colour of every piece of text under `root` (the images Linkcard makes aside: they are pictures)
 * and the opaque colour behind it, its ancestors' backgrounds laid one over another.
 */
function textColours(root: Element): TextColours[] {
  // A canvas reads any CSS colour (Tailwind's are oklch) as sRGB.
  const pixel = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
  const rgba = (value: string) => {
    pixel.clearRect(0, 0, 1, 1)
    pixel.fillStyle = value
    pixel.fillRect(0, 0, 1, 1)
    const [r, g, b, a] = pixel.getImageData(0, 0, 1, 1).data
    return [r!, g!, b!, a! / 255]
  }
  const over = (top: number[], under: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + under[i]! * (1 - top[3]!)).concat(1)
  const hex = (colour: number[]) => `#${colour.slice(0, 3).map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
  const found: TextColours[] = []
  for (const element of root.querySelectorAll('*')) {
    if (element.closest('[data-testid="mockup-made-image"]')) continue
    const own = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim()).map((node) => node.textContent!.trim())
    if (own.length === 0) continue
    const layers: Element[] = []
    for (let at: Element | null = element; at; at = at.parentElement) layers.unshift(at)
    let background = [255, 255, 255, 1]
    for (const layer of layers) background = over(rgba(getComputedStyle(layer).backgroundColor), background)
    found.push({ text: own.join(' '), color: hex(over(rgba(getComputedStyle(element).color), background)), background: hex(background) })
  }
  return found
}

describe('home', () => {
  it('shows the hero, the quick start, nine feature cards and the footer', async () => {
    const { page, context } = await open('/')
    await page.getByRole('heading', { level: 1, name: 'Not Just Another Link Shortener API' }).waitFor()
    expect(await page.getByRole('link', { name: 'Start Building' }).getAttribute('href')).toBe('/signup')
    expect(await page.getByRole('link', { name: 'View Docs' }).getAttribute('href')).toBe('/docs')
    const code = await page.locator('pre').first().textContent()
    expect(code).toContain('/api/link')
    expect(code).toContain('Authorization: Bearer lnk_')
    for (const field of ['targetUrl', 'title', 'description', 'ogImage']) expect(code).toContain(`"${field}"`)
    await page.getByRole('heading', { name: 'Why Choose Linkcard' }).waitFor()
    expect(await page.getByTestId('feature-card').count()).toBe(9)
    const footer = page.locator('footer')
    expect(await footer.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing')
    expect(await footer.getByRole('link', { name: 'Documentation' }).getAttribute('href')).toBe('/docs')
    expect(await footer.getByRole('button', { name: 'Contact Us' }).isVisible()).toBe(true)
    expect(await footer.textContent()).toMatch(/© \d{4} Linkcard/)
    await context.close()
  })

  for (const viewport of [DESKTOP, PHONE])
    it(`pictures one link's card as each platform draws it, in readable colours, asking no other host (${viewport.width} px)`, async () => {
      const { page, context } = await openPage(web.browser, web.server.url, viewport)
      const outside = requestsElsewhere(page)
      await page.goto('/')
      const showcase = page.getByTestId('card-showcase')
      await showcase.getByRole('heading', { level: 2 }).waitFor()
      for (const [platform, name] of [['facebook', 'Facebook'], ['x', 'X'], ['linkedin', 'LinkedIn'], ['slack', 'Slack'], ['discord', 'Discord'], ['whatsapp', 'WhatsApp']]) {
        expect(await showcase.getByRole('heading', { name, exact: true }).isVisible()).toBe(true)
        const mockup = showcase.locator(`[data-testid="mockup"][data-platform="${platform}"]`)
        expect(await mockup.getByTestId('mockup-title').first().textContent()).toBe(SAMPLE_LINK_INPUT.title)
        // The image is the one Linkcard makes, drawn in the page, and shown large.
        expect(await mockup.getAttribute('data-image')).toBe('large')
        expect((await mockup.getByTestId('mockup-made-image').boundingBox())!.width).toBeGreaterThan(200)
      }
      expect(await showcase.locator('[data-platform="facebook"]').getByTestId('mockup-description').textContent()).toBe(SAMPLE_LINK_INPUT.description)
      const colours = await showcase.evaluate(textColours)
      expect(colours.length).toBeGreaterThan(30)
      const faint = colours.map((c) => ({ ...c, ratio: Number(contrastRatio(c.color, c.background).toFixed(2)) })).filter((c) => c.ratio < 4.5)
      expect(faint).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
      await saveScreenshot(showcase, `home-cards-${viewport.width}.png`)
      expect(outside).toEqual([])
      await context.close()
    })

  it('goes to sign-up from Start Building without reloading the page', async () => {
    const { page, context } = await open('/')
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
    await page.getByRole('link', { name: 'Start Building' }).click()
    await page.waitForURL('**/signup')
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
    await context.close()
  })
})

describe('pricing', () => {
  it('shows four plans, Indie as Most Popular, Get Started to /signup and Contact Sales', async () => {
    const { page, context } = await open('/pricing')
    const plans = page.locator('article[data-plan]')
    await plans.first().waitFor()
    expect(await plans.count()).toBe(4)
    expect(await plans.locator('h3').allTextContents()).toEqual(['Free', 'Indie', 'Pro', 'Enterprise'])
    expect(await page.getByText('Most Popular').count()).toBe(1)
    expect(await page.locator('article[data-plan="indie"]').getByText('Most Popular').isVisible()).toBe(true)
    for (const plan of ['free', 'indie', 'pro'])
      expect(await page.locator(`article[data-plan="${plan}"]`).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/signup')
    await page.locator('article[data-plan="enterprise"]').getByRole('button', { name: 'Contact Sales' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    expect(await dialog.getByLabel('Your Email').isVisible()).toBe(true)
    expect(await dialog.getByLabel('Message').isVisible()).toBe(true)
    await context.close()
  })
})

/** The cells of the comparison's row named `label`, one a plan, in the plans' order. */
async function matrixRow(page: Page, label: string) {
  const row = page.getByRole('region', { name: 'Plan comparison' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) })
  return row.getByRole('cell').allInnerTexts()
}

const limitText = (limit: number | null) => (limit === null ? 'Unlimited' : limit === 0 ? 'Not included' : limit.toLocaleString('en-US'))

describe('pricing comparison', () => {
  for (const viewport of [DESKTOP, PHONE])
    it(`compares the plans row by row with the plan table's numbers, and says clicks are never metered (${viewport.width} px)`, async () => {
      const { page, context } = await open('/pricing', viewport)
      const matrix = page.getByRole('region', { name: 'Plan comparison' })
      await matrix.waitFor()
      expect(await matrix.getByRole('columnheader').allInnerTexts()).toEqual(PLAN_LIST.map((plan) => expect.stringContaining(plan.name)))
      const numbers = (cells: string[]) => cells.map((cell) => (/^[\d,]+$/.test(cell) ? Number(cell.replaceAll(',', '')) : cell))
      expect(numbers(await matrixRow(page, 'Previews per month'))).toEqual(PLAN_LIST.map((plan) => plan.previewLimit ?? 'Unlimited'))
      expect(await matrixRow(page, 'Custom domains')).toEqual(PLAN_LIST.map((plan) => limitText(plan.customDomainLimit)))
      expect(numbers(await matrixRow(page, 'New links per hour'))).toEqual(PLAN_LIST.map((plan) => plan.linksPerHour))
      expect(await matrixRow(page, 'Stats API')).toEqual(PLAN_LIST.map((plan) => (plan.hasStatsApi ? 'Included' : 'Not included')))
      for (const label of ['Members', 'Webhooks', 'Link passwords', 'Device and country routing', 'A/B split tests', 'Card tests', 'API access'])
        expect((await matrixRow(page, label)).length).toBe(PLAN_LIST.length)
      expect(await matrixRow(page, 'Clicks and QR scans')).toEqual(PLAN_LIST.map(() => 'Unlimited'))
      expect(await page.getByText('Clicks are never metered.').isVisible()).toBe(true)
      // The cards say what the matrix says, not the vague words they replaced.
      const main = (await page.locator('main').textContent())!
      for (const vague of ['Basic analytics', 'Advanced analytics', 'Priority API access']) expect(main).not.toContain(vague)
      expect(await page.locator(`article[data-plan="indie"]`).textContent()).toContain(`${PLAN_INFO.indie.customDomainLimit} custom domains`)

      // Nothing is cut off: a matrix wider than the screen scrolls in its own region, by keyboard too.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
      expect(await matrix.getAttribute('tabindex')).toBe('0')
      const enterprise = matrix.getByRole('columnheader', { name: /Enterprise/ })
      const isWhole = () => enterprise.evaluate((cell) => cell.getBoundingClientRect().right <= cell.closest('[aria-label="Plan comparison"]')!.getBoundingClientRect().right + 1)
      if (viewport === PHONE) {
        expect(await isWhole()).toBe(false)
        await matrix.focus()
        await until(
          async () => {
            await page.keyboard.press('ArrowRight')
            return isWhole()
          },
          { what: 'the Enterprise column scrolled into the region with the arrow key' },
        )
      } else expect(await isWhole()).toBe(true)
      await saveScreenshot(matrix, `pricing-matrix-${viewport.width}.png`)
      await context.close()
    })

  it('answers the buying questions in folds the keyboard opens and closes', async () => {
    const { page, context } = await open('/pricing')
    const faq = page.getByTestId('faq-item')
    await faq.first().waitFor()
    expect(await faq.count()).toBeGreaterThanOrEqual(5)
    expect(await faq.count()).toBeLessThanOrEqual(7)
    const questions = await faq.locator('summary').allInnerTexts()
    for (const topic of [/counts as a preview/, /quota|plan's previews/, /clicks/i, /self-hosting/i, /cancel/i, /custom domains/i])
      expect(questions.some((question) => topic.test(question))).toBe(true)
    const selfHosting = faq.filter({ hasText: /self-hosting/i })
    const answer = selfHosting.locator('p')
    expect(await answer.isVisible()).toBe(false)
    await selfHosting.locator('summary').focus()
    await page.keyboard.press('Enter')
    await until(() => answer.isVisible(), { what: 'the answer shown after Enter' })
    expect(await answer.textContent()).toContain('DEFAULT_PLAN=enterprise')
    await saveScreenshot(page.locator('section[aria-labelledby="pricing-faq"]'), 'pricing-faq-1440.png')
    await page.keyboard.press('Space')
    await until(async () => !(await answer.isVisible()), { what: 'the answer folded after Space' })
    expect(await selfHosting.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false)
    await context.close()
  })
})

describe('contact dialog', () => {
  it('sends a message, closes, confirms with a toast and starts empty next time', async () => {
    const { page, context } = await open('/')
    await page.locator('footer').getByRole('button', { name: 'Contact Us' }).click()
    const dialog = page.getByRole('dialog', { name: 'Contact Us' })
    await dialog.waitFor()
    expect(await dialog.getByLabel('Your Email').getAttribute('type')).toBe('email')
    await dialog.getByLabel('Your Email').fill('visitor@example.com')
    await dialog.getByLabel('Message').fill('Do you offer yearly billing?')
    await dialog.getByRole('button', { name: 'Send Message' }).click()
    const toast = await waitForToast(page, 'Message sent!', "We'll get back to you as soon as possible.")
    expect(await toast.getAttribute('data-variant')).toBe('default')
    await dialog.waitFor({ state: 'hidden' })
    // The toast sits over the footer's corner: close it rather than wait 5 s for it to go.
    await toast.getByRole('button', { name: 'Close' }).click()
    await page.locator('footer').getByRole('button', { name: 'Contact Us' }).click()
    await dialog.waitFor()
    expect(await dialog.getByLabel('Your Email').inputValue()).toBe('')
    expect(await dialog.getByLabel('Message').inputValue()).toBe('')
    await context.close()
  })

  it('stays open with a destructive toast when sending fails, showing Sending... meanwhile', async () => {
    const { page, context } = await open('/pricing')
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/contact', async (route) => {
      await held
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong."}' })
    })
    await page.locator('footer').getByRole('button', { name: 'Contact Us' }).click()
    const dialog = page.getByRole('dialog', { name: 'Contact Us' })
    await dialog.getByLabel('Your Email').fill('visitor@example.com')
    await dialog.getByLabel('Message').fill('Hello')
    await dialog.getByRole('button', { name: 'Send Message' }).click()
    await dialog.getByRole('button', { name: 'Sending...' }).waitFor()
    expect(await dialog.getByRole('button', { name: 'Sending...' }).isDisabled()).toBe(true)
    release()
    const toast = await waitForToast(page, 'Failed to send message', /Please try again or email us directly at \S+@\S+/)
    expect(await toast.getAttribute('data-variant')).toBe('destructive')
    expect(await dialog.isVisible()).toBe(true)
    expect(await dialog.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true)
    expect(await dialog.getByLabel('Message').inputValue()).toBe('Hello')
    await context.close()
  })

  it('requires an email and a message before sending', async () => {
    const { page, context } = await open('/')
    let sent = 0
    await page.route('**/api/contact', (route) => {
      sent++
      return route.continue()
    })
    await page.locator('footer').getByRole('button', { name: 'Contact Us' }).click()
    const dialog = page.getByRole('dialog', { name: 'Contact Us' })
    await dialog.getByRole('button', { name: 'Send Message' }).click()
    expect(await dialog.getByLabel('Your Email').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true)
    await dialog.getByLabel('Your Email').fill('visitor@example.com')
    await dialog.getByRole('button', { name: 'Send Message' }).click()
    expect(await dialog.getByLabel('Message').evaluate((input: HTMLTextAreaElement) => input.validity.valueMissing)).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(sent).toBe(0)
    await context.close()
  })
})

describe('routing', () => {
  it('shows the not-found page at an unknown path', async () => {
    const { page, context } = await open('/no/such/page')
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor()
    await page.getByText('Did you forget to add the page to the router?').waitFor()
    // Said once: the heading holds the only "404".
    expect(await page.getByText('404').count()).toBe(1)
    await context.close()
  })

  it('leaves the app for the static /blog/ and /how-to/ pages', async () => {
    const { page, context } = await open('/')
    await page.getByRole('heading', { level: 1 }).waitFor()
    // In-app navigation to /blog (the server answers a typed /blog itself).
    const goInApp = (path: string) =>
      page.evaluate((to) => {
        history.pushState(null, '', to)
        dispatchEvent(new PopStateEvent('popstate'))
      }, path)
    await goInApp('/blog')
    await page.waitForURL('**/blog/')
    await page.getByText('Social previews explained').first().waitFor()
    await page.goto('/')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await goInApp('/how-to')
    await page.waitForURL('**/how-to/')
    await page.getByText('Getting started with the Linkcard API').first().waitFor()
    await context.close()
  })

  it('shows the docs page', async () => {
    const { page, context } = await open('/docs')
    await page.getByRole('heading', { level: 1, name: 'API Documentation' }).waitFor()
    await context.close()
  })

  it('sends a signed-out visitor from every signed-in screen and /admin to /login', async () => {
    const { page, context } = await openPage(web.browser, web.server.url)
    for (const path of ['/dashboard', '/share-links', '/api-keys', '/billing', '/settings', '/admin']) {
      await page.goto(path)
      await page.waitForURL('**/login')
      await page.getByRole('button', { name: 'Sign In' }).waitFor()
    }
    await context.close()
  })
})

describe('notifications', () => {
  it('shows one toast at a time and F8 moves focus to them', async () => {
    const { page, context } = await open('/login')
    const submit = async (password: string) => {
      await page.getByLabel('Email').fill('nobody@example.com')
      await page.getByLabel('Password').fill(password)
      await page.getByRole('button', { name: 'Sign In' }).click()
    }
    await submit('first-wrong-password')
    await waitForToast(page, 'Login failed')
    await submit('second-wrong-password')
    await waitForToast(page, 'Login failed')
    await page.waitForTimeout(300)
    expect(await page.locator('li[data-variant][data-state="open"]').count()).toBe(1)
    await page.keyboard.press('F8')
    expect(await page.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label'))).toContain('F8')
    await context.close()
  })
})

describe('navigation', () => {
  it('shows the public links and Sign In / Get Started when signed out', async () => {
    const { page, context } = await open('/pricing')
    const nav = page.locator('header nav').first()
    for (const name of ['Home', 'Pricing', 'Docs', 'Blog']) expect(await nav.getByRole('link', { name, exact: true }).isVisible()).toBe(true)
    expect(await nav.getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blog/')
    expect(await page.locator('header').getByRole('link', { name: 'Dashboard' }).count()).toBe(0)
    expect(await page.locator('header').getByRole('link', { name: 'Admin' }).count()).toBe(0)
    expect(await page.locator('header').getByRole('link', { name: 'Sign In' }).first().getAttribute('href')).toBe('/login')
    expect(await page.locator('header').getByRole('link', { name: 'Get Started' }).first().getAttribute('href')).toBe('/signup')
    await context.close()
  })

  it('folds the links into a toggle menu on a phone', async () => {
    const { page, context } = await open('/', PHONE)
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await toggle.waitFor()
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    const menuId = await toggle.getAttribute('aria-controls')
    const menu = page.locator(`#${menuId}`)
    expect(await menu.isVisible()).toBe(false)
    expect(await page.locator('header').getByRole('link', { name: 'Pricing', exact: true }).count()).toBe(0)
    await toggle.click()
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true')
    expect(await menu.isVisible()).toBe(true)
    for (const name of ['Home', 'Pricing', 'Docs', 'Blog', 'Sign In', 'Get Started'])
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true)
    await menu.getByRole('link', { name: 'Pricing', exact: true }).click()
    await page.waitForURL('**/pricing')
    expect(await menu.isVisible()).toBe(false)
    await context.close()
  })
})
