import { describe, expect, it } from 'bun:test'
import { cutText, imageLayout, PREVIEW_RULES, previewNotes } from './platform-previews'

const facts = (width: number, height: number, bytes = 100_000) => ({ width, height, bytes, type: 'image/png' })

describe('cutText', () => {
  it('keeps a text that fits, and cuts a longer one at a word near the end with an ellipsis', () => {
    expect(cutText('Launch day', 70)).toEqual({ text: 'Launch day', isCut: false })
    const cut = cutText('Everything you need to know about the launch of our new product line this autumn', 40)
    expect(cut.isCut).toBe(true)
    expect(cut.text).toBe('Everything you need to know about the…')
    expect(Array.from(cut.text).length).toBeLessThanOrEqual(40)
  })

  it('cuts a text without spaces where it must, and counts characters, not UTF-16 units', () => {
    expect(cutText('x'.repeat(50), 10).text).toBe(`${'x'.repeat(9)}…`)
    expect(cutText('🎉'.repeat(12), 10)).toEqual({ text: `${'🎉'.repeat(9)}…`, isCut: true })
  })
})

describe('previewNotes', () => {
  const card = { title: 'Launch day', description: 'The whole story.', ogImage: 'https://example.com/card.png' }

  it('says nothing of a card every platform shows in full, but for those that show no description', () => {
    expect(previewNotes('facebook', card, facts(1200, 630))).toEqual([])
    expect(previewNotes('linkedin', card, facts(1200, 630))).toEqual(['LinkedIn shows no description.'])
  })

  it('names the platforms that cut a long title, each at its own length', () => {
    const title = 'A title of exactly seventy-five characters, which is long for most cards...'
    expect(previewNotes('whatsapp', { ...card, title }, undefined)).toContain(`WhatsApp cuts the title after about ${PREVIEW_RULES.whatsapp.titleMax} characters.`)
    expect(previewNotes('discord', { ...card, title }, undefined)).toEqual([])
  })

  it('tells a small, a heavy and a missing image apart', () => {
    expect(imageLayout('facebook', card.ogImage, facts(400, 300))).toBe('small')
    expect(previewNotes('facebook', card, facts(400, 300))).toEqual(['Facebook shows the image small: it is 400×300, and a large one needs 600×315 or more.'])
    expect(imageLayout('whatsapp', card.ogImage, facts(1200, 630, 400 * 1024))).toBe('none')
    expect(previewNotes('whatsapp', card, facts(1200, 630, 400 * 1024))).toEqual(['WhatsApp shows no image over 300 KB.'])
    expect(previewNotes('telegram', { ...card, ogImage: null }, undefined)).toEqual(['Telegram shows no image: the card has none.'])
    expect(previewNotes('slack', card, facts(1000, 1000))).toEqual(['Slack crops the image to 1.91:1.'])
  })
})
