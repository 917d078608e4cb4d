import { describe, expect, it } from 'bun:test'
import { BROWSER_UA, DEVICE_UA } from '../../../tests/helpers/user-agents'
import { describeAgent } from '../analytics/classify'
import { sessionDevice } from './devices'

const named = (userAgent: string | null) => sessionDevice(describeAgent(userAgent, null))

describe('the browser and device a session names', () => {
  const cases: [string | null, { browser: string; device: string }][] = [
    [BROWSER_UA.chromeWindows, { browser: 'Chrome', device: 'Windows PC' }],
    [BROWSER_UA.safariIphone, { browser: 'Safari', device: 'iPhone' }],
    [BROWSER_UA.firefoxLinux, { browser: 'Firefox', device: 'Linux PC' }],
    [BROWSER_UA.chromeAndroid, { browser: 'Chrome', device: 'Android phone' }],
    [DEVICE_UA.ipad, { browser: 'Safari', device: 'iPad' }],
    [DEVICE_UA.galaxyTab, { browser: 'Chrome', device: 'Android tablet' }],
    [DEVICE_UA.safariMac, { browser: 'Safari', device: 'Mac' }],
    [DEVICE_UA.chromebook, { browser: 'Chrome', device: 'Chromebook' }],
    [DEVICE_UA.samsungTv, { browser: 'Safari', device: 'Tizen' }],
    ['curl/8.5.0', { browser: 'Unknown browser', device: 'Unknown device' }],
    [null, { browser: 'Unknown browser', device: 'Unknown device' }],
  ]
  for (const [userAgent, expected] of cases) {
    it(`names ${expected.browser} on ${expected.device} for ${userAgent?.slice(0, 40) ?? 'no User-Agent'}`, () => {
      expect(named(userAgent)).toEqual(expected)
    })
  }

  it('names families, not versions: an updated browser is the same one', () => {
    expect(named(BROWSER_UA.chromeWindows.replace('Chrome/131.0.0.0', 'Chrome/140.0.7339.80'))).toEqual(named(BROWSER_UA.chromeWindows))
  })
})
