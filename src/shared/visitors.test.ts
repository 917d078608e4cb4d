import { describe, expect, it } from 'bun:test'
import corpus from './visitors.corpus.json'
import { classifyVisitor, type VisitorKind } from './visitors'

// Real User-Agent strings, each labelled with the kind of visitor that sends it.
const labelled: [string | null, VisitorKind, string | null][] = [
  ...corpus.person.map((ua): [string, VisitorKind, null] => [ua, 'person', null]),
  ...Object.entries(corpus.preview).flatMap(([platform, uas]) => uas.map((ua): [string, VisitorKind, string] => [ua, 'preview', platform])),
  ...corpus.search.map((ua): [string, VisitorKind, null] => [ua, 'search', null]),
  ...corpus.client.map((ua): [string | null, VisitorKind, null] => [ua, 'client', null]),
]

describe('classifyVisitor', () => {
  it('tells the kind of every visitor in a corpus of over 200 real User-Agents', () => {
    expect(labelled.length).toBeGreaterThanOrEqual(200)
    const wrong = labelled
      .map(([ua, kind, platform]) => ({ ua, expected: { kind, platform }, got: classifyVisitor(ua) }))
      .filter(({ expected, got }) => got.kind !== expected.kind || got.platform !== expected.platform)
      .map(({ ua, expected, got }) => `${JSON.stringify(ua)}: expected ${expected.kind}/${expected.platform}, got ${got.kind}/${got.platform}`)
    expect(wrong).toEqual([])
  })

  it('counts the previews of the named platforms only', () => {
    for (const [ua, kind] of labelled) expect(classifyVisitor(ua).counted).toBe(kind === 'preview')
  })

  it('covers in-app browsers, every named preview platform, search engines and HTTP clients', () => {
    for (const app of ['FBAN', 'FB_IAB', 'Instagram', 'Barcelona', 'LinkedInApp', 'Pinterest', 'Snapchat', 'musical_ly', 'Twitter', 'Teams', 'Viber', 'Line', 'MicroMessenger', 'KAKAOTALK', 'Telegram', 'Slack', 'discord'])
      expect(corpus.person.some((ua) => ua.includes(app))).toBe(true)
    expect(Object.keys(corpus.preview).sort()).toEqual(
      ['bluesky', 'discord', 'embed', 'facebook', 'imessage', 'kakaotalk', 'line', 'linkedin', 'mastodon', 'matrix', 'mattermost', 'pinterest', 'quora', 'reddit', 'skype', 'slack', 'snapchat', 'telegram', 'tumblr', 'vk', 'whatsapp', 'x'].sort(),
    )
    for (const engine of ['Googlebot', 'bingbot', 'DuckDuckBot', 'YandexBot', 'Baiduspider', 'Applebot']) expect(corpus.search.some((ua) => ua.includes(engine))).toBe(true)
    for (const client of ['curl', 'Wget', 'python-requests', 'Go-http-client', 'node-fetch', 'okhttp', 'UptimeRobot']) expect(corpus.client.some((ua) => ua?.includes(client))).toBe(true)
  })

  it('answers the same for no User-Agent and an empty one: a plain client', () => {
    expect(classifyVisitor(null)).toEqual(classifyVisitor(''))
    expect(classifyVisitor(null).kind).toBe('client')
  })

  it('gives an unknown bot that says it fetches link previews the card, uncounted', () => {
    // Made-up names: no such product exists, which is the point.
    for (const ua of ['Mozilla/5.0 (compatible; ExampleLinkPreview/1.0; +https://example.org/bot)', 'Mozilla/5.0 (compatible; Unfurler/2.1; bot; +https://chat.example.com/unfurl)'])
      expect(classifyVisitor(ua)).toEqual({ kind: 'preview', platform: 'other', counted: false })
  })

  it('needs the product token, not a bare word: an app named in a browser is a person', () => {
    for (const ua of ['Mozilla/5.0 (iPhone) Mobile/15E148 Pinterest for iPhone/12.1', 'Mozilla/5.0 (Android) Teams/1.6 Chrome/131', 'Mozilla/5.0 (Android) Viber/23.0 Chrome/131', 'Mozilla/5.0 (iPhone) Mobile Snapchat/13.10'])
      expect(classifyVisitor(ua).kind).toBe('person')
  })
})
