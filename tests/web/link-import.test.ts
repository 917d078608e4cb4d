// The import dialog on /share-links: a Shlink export chosen, recognised and previewed with its
// columns mapped and each row's problem shown (short codes taken flagged and counted, the history
// kept), then imported with a progress bar, the rows that failed or were changed listed (and
// downloaded as CSV), the links in the list and the report downloaded,
// at desktop and phone widths; an SQL dump refused with what to export instead; a Bitly export's
// archived link previewed switched off and its history shown on its analytics page.
import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import type { Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import { LINK_MESSAGES } from '../../src/shared/link-rules'
import { DESKTOP, PHONE } from '../helpers/browser'
import { browserAroundTests, closeWithEscape, createAccount, openLinkList, saveScreenshot } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()

const openLinks = (session: Session, viewport = DESKTOP) => openLinkList(web, session, viewport)

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Import links' })
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('importing links', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`previews a Shlink export with its columns mapped, imports it with progress, and saves the report, at ${viewport.width} px`, async () => {
      const account = await createAccount(web.server, `import-${viewport.width}`)
      const code = `imp${viewport.width}${Date.now().toString(36)}`
      const file = [
        'createdAt,shortCode,shortUrl,longUrl,title,tags,visits',
        `2024-01-01,${code},https://s.test/${code},https://example.com/imported,Imported page,news,3`,
        '2024-01-02,bad,https://s.test/bad,not a url,Broken row,,0',
        `2024-01-02,${code},https://s.test/${code},https://example.com/again,Same code again,,1`,
        ...Array.from({ length: 40 }, (_, i) => `2024-01-03,more${i}${code},https://s.test/x,https://example.com/more/${i},More ${i},,0`),
      ].join('\n')
      const { page, context } = await openLinks(account, viewport)
      // The list is a table on a wide screen, cards on a phone.
      const linkItem = viewport === PHONE ? 'link-card' : 'link-row'
      expect(await page.getByTestId(linkItem).count()).toBe(0)
      await page.getByRole('button', { name: 'Import', exact: true }).click()
      await dialog(page).getByText('Choose a CSV or JSON file, or drop it here').waitFor()
      await dialog(page).locator('input[type=file]').setInputFiles({ name: 'shlink.csv', mimeType: 'text/csv', buffer: Buffer.from(file) })

      // Recognised, mapped by the columns' names, the first rows shown with their problems.
      await dialog(page).getByText('Shlink export, about 43 rows.').waitFor()
      await expect(dialog(page).getByRole('combobox', { name: 'Target URL' }).textContent()).resolves.toBe('longUrl')
      await expect(dialog(page).getByRole('combobox', { name: 'Alias (short code)' }).textContent()).resolves.toBe('shortCode')
      const rows = dialog(page).getByTestId('import-row')
      await expect(rows.first().textContent()).resolves.toContain(`/${code}`)
      await expect(rows.nth(1).textContent()).resolves.toMatch(/Row 3.*not a url/)
      await expect(rows.nth(1).textContent()).resolves.toContain(LINK_MESSAGES.invalidTargetUrl)
      // The creation date and visits are kept as the link's history; a short code used twice is flagged, and counted at the top.
      await expect(rows.first().textContent()).resolves.toContain('Made 2024-01-01 · 3 clicks there')
      await expect(rows.nth(2).textContent()).resolves.toContain('Code taken')
      await expect(rows.nth(2).textContent()).resolves.toContain(`Short code "${code}" is also on row 2, which keeps it: this row's link gets a random code instead.`)
      expect(await rows.getByText('Code taken').count()).toBe(1)
      await dialog(page).getByRole('status').filter({ hasText: '1 of the first 10 rows has a short code that is taken' }).waitFor()
      // Leaving the target unmapped says what is needed and holds the import back.
      await dialog(page).getByRole('combobox', { name: 'Target URL' }).click()
      await page.getByRole('option', { name: 'Not imported', exact: true }).click()
      await dialog(page).getByRole('alert').filter({ hasText: 'Choose the column that holds the target URLs.' }).waitFor()
      expect(await dialog(page).getByRole('button', { name: 'Import 43 rows' }).isDisabled()).toBe(true)
      await dialog(page).getByRole('combobox', { name: 'Target URL' }).click()
      await page.getByRole('option', { name: 'longUrl', exact: true }).click()
      await dialog(page).getByRole('alert').waitFor({ state: 'detached' })
      expect(await fitsWidth(page)).toBe(true)
      await saveScreenshot(page, `linkcard-import-preview-${viewport.width}.png`)
      await rows.nth(2).scrollIntoViewIfNeeded()
      await saveScreenshot(page, `linkcard-import-preview-flags-${viewport.width}.png`)

      await dialog(page).getByRole('button', { name: 'Import 43 rows' }).click()
      await dialog(page).getByText('Import finished').waitFor({ timeout: 30_000 })
      await dialog(page).getByText('43 of 43 rows · 42 created (1 changed) · 1 failed').waitFor()
      expect(await dialog(page).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100')
      // The rows that failed or were changed are listed in the dialog, with why.
      await dialog(page).getByRole('heading', { name: 'Rows failed or changed (2)' }).waitFor()
      const problems = dialog(page).getByTestId('import-problem')
      await problems.first().waitFor()
      expect(await problems.count()).toBe(2)
      await expect(problems.first().textContent()).resolves.toMatch(/Row 3.*not a url.*Not imported/)
      await expect(problems.first().textContent()).resolves.toContain(LINK_MESSAGES.invalidTargetUrl)
      await expect(problems.nth(1).textContent()).resolves.toMatch(new RegExp(`Row 4/${code}.*Changed`))
      await expect(problems.nth(1).textContent()).resolves.toContain(`Short code "${code}" is taken: this row's link gets a random code instead.`)
      await expect(problems.nth(1).textContent()).resolves.toContain(`Made as ${web.server.url}/`)
      // The list takes keyboard focus, after its download button, so it scrolls by keyboard.
      await dialog(page).getByRole('button', { name: 'Download as CSV' }).focus()
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('import-problems')
      expect(await fitsWidth(page)).toBe(true)
      await saveScreenshot(page, `linkcard-import-done-${viewport.width}.png`)

      const problemsFile = page.waitForEvent('download')
      await dialog(page).getByRole('button', { name: 'Download as CSV' }).click()
      const listed = await problemsFile
      expect(listed.suggestedFilename()).toBe('shlink-problems.csv')
      const problemLines = parse(await Bun.file((await listed.path())!).text(), { columns: true }) as Record<string, string>[]
      expect(problemLines.map((line) => [line.row, line.status])).toEqual([
        ['3', 'failed'],
        ['4', 'created'],
      ])

      const download = page.waitForEvent('download')
      await dialog(page).getByRole('button', { name: 'Download report' }).click()
      const report = await download
      expect(report.suggestedFilename()).toBe('shlink-report.csv')
      const lines = parse(await Bun.file((await report.path())!).text(), { columns: true }) as Record<string, string>[]
      expect(lines).toHaveLength(43)
      expect(lines[0]).toMatchObject({ row: '2', status: 'created', alias: code })
      expect(lines[1]).toMatchObject({ row: '3', status: 'failed' })

      // The list, empty before, shows the imported links without a reload.
      await closeWithEscape(page, dialog(page))
      await page.getByTestId(linkItem).filter({ hasText: /Imported page|More \d+/ }).first().waitFor()
      await context.close()
    })
  }

  it('refuses an SQL dump with what to export instead', async () => {
    const account = await createAccount(web.server, 'import-dump')
    const { page, context } = await openLinks(account)
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    const dump = await Bun.file(join(import.meta.dir, '../fixtures/imports/yourls-dump.sql')).text()
    await dialog(page).locator('input[type=file]').setInputFiles({ name: 'yourls.sql', mimeType: 'application/sql', buffer: Buffer.from(dump) })
    const alert = dialog(page).getByRole('alert')
    await alert.waitFor()
    await expect(alert.textContent()).resolves.toContain('This is an SQL dump (a database backup), not a CSV or JSON export of links.')
    await expect(alert.textContent()).resolves.toContain('export the result as CSV')
    expect(await dialog(page).getByTestId('import-row').count()).toBe(0)
    await context.close()
  })

  it("previews a Bitly export's archived link switched off, and shows an imported link's history on its analytics page", async () => {
    const account = await createAccount(web.server, 'import-bitly')
    const { page, context } = await openLinks(account)
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    const file = await Bun.file(join(import.meta.dir, '../fixtures/imports/bitly-links.csv')).text()
    await dialog(page).locator('input[type=file]').setInputFiles({ name: 'bitly.csv', mimeType: 'text/csv', buffer: Buffer.from(file) })
    await dialog(page).getByText('Bitly export, about 3 rows.').waitFor()
    const rows = dialog(page).getByTestId('import-row')
    await expect(rows.nth(1).textContent()).resolves.toContain('Switched off')
    await expect(rows.nth(1).textContent()).resolves.toContain('Archived there: imported switched off.')
    await expect(rows.first().textContent()).resolves.toContain('Made 2024-03-02 · 1,532 clicks there')
    await saveScreenshot(page, 'linkcard-import-bitly-1440.png')
    await dialog(page).getByRole('button', { name: 'Import 3 rows' }).click()
    await dialog(page).getByText('3 of 3 rows · 3 created · 0 failed').waitFor({ timeout: 30_000 })
    expect(await dialog(page).getByTestId('import-problem').count()).toBe(0)

    const listed = await fetch(`${web.server.url}/api/shareLinks?search=spring`, { headers: { authorization: `Bearer ${account.token}` } }).then((answer) => answer.json())
    await page.goto(`/share-links/${listed[0].id}/analytics`)
    const history = page.getByTestId('link-history')
    await history.waitFor()
    await expect(history.textContent()).resolves.toBe('Imported from Bitly, where it was made on 2 Mar 2024 and had 1,532 clicks. Clicks here are counted from the import on.')
    await saveScreenshot(page, 'linkcard-link-history-1440.png')
    await context.close()
  })
})
