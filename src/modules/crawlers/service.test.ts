import { describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../../platform/config'
import { blocksFromSource, checkCrawler } from './service'

describe('crawler checks', () => {
  it("verify a platform's crawler from its shipped ranges, and refuse the claim from elsewhere", () => {
    expect(checkCrawler('facebook', '157.240.1.35')).toBe('verified')
    expect(checkCrawler('facebook', '2a03:2880:f12f:83:face:b00c:0:25de')).toBe('verified')
    expect(checkCrawler('telegram', '::ffff:149.154.161.2')).toBe('verified')
    expect(checkCrawler('facebook', '93.184.215.14')).toBe('unverified')
    expect(checkCrawler('x', '157.240.1.35')).toBe('unverified')
  })

  it('take the claims of platforms that cannot be checked, and from addresses that say nothing, as they come', () => {
    expect(checkCrawler('whatsapp', '93.184.215.14')).toBe('unverifiable')
    expect(checkCrawler('imessage', '157.240.1.35')).toBe('unverifiable')
    for (const address of ['10.1.2.3', '127.0.0.1', '203.0.113.9', '2001:db8::1', 'fd00::1', 'unknown']) expect(checkCrawler('facebook', address)).toBe('unverifiable')
    expect(checkCrawler('facebook', null)).toBe('unverifiable')
  })

  it("read a source's address blocks, leaving out what is not one", () => {
    expect(blocksFromSource('lines', '91.108.56.0/22\n# a note\n\n2001:b28:f23d::/48\nnot a block\n')).toEqual(['91.108.56.0/22', '2001:b28:f23d::/48'])
    const ripestat = JSON.stringify({ data: { prefixes: [{ prefix: '157.240.0.0/16' }, { prefix: '2a03:2880::/32' }, { prefix: 7 }, {}] } })
    expect(blocksFromSource('ripestat', ripestat)).toEqual(['157.240.0.0/16', '2a03:2880::/32'])
    expect(blocksFromSource('ripestat', '{}')).toEqual([])
  })
})

describe('CRAWLER_RANGES_FILE', () => {
  it("reads an operator's ranges, and names what is wrong with a bad file", () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'linkcard-config-'))
    const file = join(dataDir, 'ranges.json')
    const settingsOf = (content: string) => {
      writeFileSync(file, content)
      return loadConfig({ DATA_DIR: dataDir, CRAWLER_RANGES_FILE: file })
    }
    try {
      expect(settingsOf('{"facebook": ["203.0.113.0/24", "2001:db8::/32", "198.51.100.7"]}').crawlerRanges).toEqual({ facebook: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'] })
      expect(loadConfig({ DATA_DIR: dataDir }).crawlerRanges).toEqual({})
      expect(() => settingsOf('{"facebook": ["203.0.113.0/33"]}')).toThrow('CRAWLER_RANGES_FILE: facebook must list address blocks such as 203.0.113.0/24 or 2001:db8::/32, got "203.0.113.0/33".')
      expect(() => settingsOf('{"whatsapp": ["203.0.113.0/24"]}')).toThrow('CRAWLER_RANGES_FILE: "whatsapp" is not a platform whose crawler is verified')
      expect(() => settingsOf('["203.0.113.0/24"]')).toThrow('CRAWLER_RANGES_FILE must hold a JSON object')
      expect(() => settingsOf('{')).toThrow('CRAWLER_RANGES_FILE must name a JSON file')
      expect(() => loadConfig({ DATA_DIR: dataDir, CRAWLER_RANGES_REFRESH: 'sometimes' })).toThrow('CRAWLER_RANGES_REFRESH must be one of on, off')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
