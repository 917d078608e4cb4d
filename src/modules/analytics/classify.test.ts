import { describe, expect, it } from 'bun:test'
import type { DeviceType } from '../../shared/analytics'
import { BROWSER_UA, CRAWLER_UA, DEVICE_UA } from '../../../tests/helpers/user-agents'
import { classifyVisitor } from '../../shared/visitors'
import { describeAgent, isSocialHost, referrerHost } from './classify'

/** How the short-link path and the event writer see a request: crawler platform, then device, browser and OS. */
const classify = (userAgent: string | null) => {
  const { platform } = classifyVisitor(userAgent)
  return { platform, ...describeAgent(userAgent, platform) }
}

describe('User-Agent classification', () => {
  const people: [string, string, { device: DeviceType; browser: string; os: string }][] = [
    ['Chrome on Windows', BROWSER_UA.chromeWindows, { device: 'desktop', browser: 'Chrome', os: 'Windows' }],
    ['Safari on an iPhone', BROWSER_UA.safariIphone, { device: 'mobile', browser: 'Safari', os: 'iOS' }],
    ['Firefox on Linux', BROWSER_UA.firefoxLinux, { device: 'desktop', browser: 'Firefox', os: 'Linux' }],
    ['Chrome on an Android phone', BROWSER_UA.chromeAndroid, { device: 'mobile', browser: 'Chrome', os: 'Android' }],
    ['Safari on an iPad', DEVICE_UA.ipad, { device: 'tablet', browser: 'Safari', os: 'iOS' }],
    ['Chrome on an Android tablet', DEVICE_UA.galaxyTab, { device: 'tablet', browser: 'Chrome', os: 'Android' }],
    ['Edge on Windows', DEVICE_UA.edgeWindows, { device: 'desktop', browser: 'Edge', os: 'Windows' }],
    ['Samsung Internet', DEVICE_UA.samsungInternet, { device: 'mobile', browser: 'Samsung Internet', os: 'Android' }],
    ['Safari on a Mac', DEVICE_UA.safariMac, { device: 'desktop', browser: 'Safari', os: 'macOS' }],
    ['Chrome on an iPhone', DEVICE_UA.chromeIphone, { device: 'mobile', browser: 'Chrome', os: 'iOS' }],
    ['Firefox on Android', DEVICE_UA.firefoxAndroid, { device: 'mobile', browser: 'Firefox', os: 'Android' }],
    ['Opera on Windows', DEVICE_UA.operaWindows, { device: 'desktop', browser: 'Opera', os: 'Windows' }],
    ['a Chromebook', DEVICE_UA.chromebook, { device: 'desktop', browser: 'Chrome', os: 'ChromeOS' }],
    ["Facebook's in-app browser", DEVICE_UA.facebookInApp, { device: 'mobile', browser: 'Facebook', os: 'iOS' }],
    ['a Samsung smart TV', DEVICE_UA.samsungTv, { device: 'other', browser: 'Safari', os: 'Tizen' }],
  ]
  for (const [name, userAgent, expected] of people)
    it(`reads ${name} as a person's ${expected.device} with ${expected.browser} on ${expected.os}`, () => {
      expect(classify(userAgent)).toEqual({ platform: null, ...expected })
    })

  it('reads every link-preview crawler as a bot of its platform, without browser or OS', () => {
    for (const [platform, userAgent] of Object.entries(CRAWLER_UA))
      expect({ name: platform, ...classify(userAgent) }).toEqual({ name: platform, platform, device: 'bot', browser: null, os: null })
  })

  it('knows nothing about a missing or meaningless User-Agent', () => {
    expect(classify(null)).toEqual({ platform: null, device: null, browser: null, os: null })
    expect(describeAgent('hello', null)).toEqual({ device: null, browser: null, os: null })
  })

  it('answers the same for a User-Agent seen before (served from its cache)', () => {
    const first = describeAgent(DEVICE_UA.ipad, null)
    expect(describeAgent(DEVICE_UA.ipad, null)).toBe(first)
  })
})

describe('referrers', () => {
  it('keeps the host only, without www., and nothing for direct visits or junk', () => {
    expect(referrerHost('https://www.Reddit.com/r/webdev/comments/1?utm=x')).toBe('reddit.com')
    expect(referrerHost('https://t.co/AbCdEf')).toBe('t.co')
    expect(referrerHost('android-app://com.slack/')).toBe('com.slack')
    expect(referrerHost(null)).toBeNull()
    expect(referrerHost('')).toBeNull()
    expect(referrerHost('not a url')).toBeNull()
  })

  it('counts clicks from social networks, their link shorteners and subdomains as social', () => {
    for (const referrer of [
      'https://t.co/abc',
      'https://l.facebook.com/l.php?u=x',
      'https://m.facebook.com/',
      'https://lnkd.in/abc',
      'https://www.linkedin.com/feed/',
      'https://old.reddit.com/r/x',
      'https://app.slack.com/client/T1',
      'https://discord.com/channels/1/2',
      'https://web.whatsapp.com/',
      'https://bsky.app/profile/x',
      'https://news.ycombinator.com/item?id=1',
    ])
      expect({ referrer, social: isSocialHost(referrerHost(referrer)) }).toEqual({ referrer, social: true })
  })

  it('does not count search engines, other sites, look-alikes or direct visits as social', () => {
    for (const referrer of ['https://www.google.com/', 'https://example.com/blog', 'https://nott.co/', 'https://facebook.com.evil.example/', null])
      expect({ referrer, social: isSocialHost(referrerHost(referrer)) }).toEqual({ referrer, social: false })
  })
})
