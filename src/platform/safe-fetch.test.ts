import { afterAll, describe, expect, it } from 'bun:test'
import { isPublicAddress, safeFetch, safePost, unreachableReason } from './safe-fetch'

const NOT_PUBLIC = 'This address is not reachable from Linkcard (private or local network).'
const WITH_CREDENTIALS = 'Addresses with a user name or password are refused: Linkcard never sends them.'
const HTML = ['text/html']

describe('isPublicAddress', () => {
  const refused = {
    loopback: ['127.0.0.1', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1', '[::1]'],
    private: ['10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.0.1', '192.168.255.255'],
    'link-local': ['169.254.0.1', '169.254.255.255', 'fe80::1', 'FE80::ABCD', 'febf:ffff::1'],
    'unique-local': ['fc00::1', 'fd12:3456::1', 'FDFF::1'],
    CGNAT: ['100.64.0.1', '100.127.255.255', '100.100.100.200'],
    metadata: ['169.254.169.254', 'fd00:ec2::254'],
    unspecified: ['0.0.0.0', '0.1.2.3', '::', '0:0:0:0:0:0:0:0'],
    'multicast, broadcast and reserved': ['224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255', 'ff02::1', 'ff0e::1'],
    documentation: ['192.0.2.1', '198.51.100.1', '203.0.113.1', '2001:db8::1', '198.18.0.1'],
    'IPv4-mapped': ['::ffff:127.0.0.1', '::ffff:7f00:1', '::FFFF:7F00:0001', '0:0:0:0:0:ffff:a00:1', '::ffff:169.254.169.254', '::ffff:192.168.1.1'],
    'IPv4-compatible': ['::127.0.0.1', '::7f00:1', '::10.0.0.1', '::169.254.169.254'],
    NAT64: ['64:ff9b::127.0.0.1', '64:ff9b::a00:1', '64:ff9b::a9fe:a9fe', '64:ff9b:1::1'],
    '6to4': ['2002:7f00:1::', '2002:a00:1::1', '2002:a9fe:a9fe::', '2002:c0a8:101:0:0:0:0:1'],
    Teredo: ['2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    'not an address': ['', 'localhost', '127.1', '2130706433', 'fe80::1%eth0', '1.2.3.4.5', '::ffff:1.2.3.4.5'],
  }
  for (const [kind, addresses] of Object.entries(refused))
    for (const address of addresses)
      it(`refuses ${kind} ${address || '(empty)'}`, () => {
        expect(isPublicAddress(address)).toBe(false)
      })

  for (const address of [
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '11.0.0.1',
    '2606:2800:220:1:248:1893:25c8:1946',
    '2a00:1450:4001:80b::200e',
    '[2606:4700::1111]',
    '::ffff:93.184.216.34',
    '64:ff9b::5db8:d822',
    '2002:5db8:d822::1',
  ])
    it(`allows the public address ${address}`, () => {
      expect(isPublicAddress(address)).toBe(true)
    })
})

describe('safeFetch refuses before connecting', () => {
  // Every one of these is decided by the URL alone: no DNS, no connection.
  for (const url of [
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0x7F000001:8080/path',
    'http://0177.0.0.1/',
    'http://017700000001/',
    'http://127.1/',
    'http://0x7f.1/',
    'http://127.0.0.1./',
    'http://%31%32%37.0.0.1/',
    'http://0/',
    'http://0.0.0.0:3000/',
    'http://10.0.0.1/',
    'http://192.168.1.1:8080/admin',
    'http://100.64.0.1/',
    'https://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::]/',
    'http://[0:0:0:0:0:0:0:1]:80/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]:8080/',
    'http://[::127.0.0.1]/',
    'http://[fe80::1]/',
    'http://[FD00:EC2::254]/',
    'http://[64:ff9b::10.0.0.1]/',
    'http://[2002:a9fe:a9fe::]/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://METADATA.GOOGLE.INTERNAL./',
  ])
    it(`refuses ${url}`, async () => {
      await expect(safeFetch(url, { accept: HTML })).rejects.toMatchObject({ kind: 'invalid', message: NOT_PUBLIC })
    })

  // Special-use names are decided by the name alone, before any lookup: DNS may not answer for them.
  for (const url of [
    'http://localhost./',
    'http://LOCALHOST../',
    'http://hooks.localhost/',
    'http://site.test/',
    'http://site.test./',
    'http://nothing.invalid/',
    'http://docs.example/',
    'http://example.com/',
    'http://www.example.net./',
    'http://example.org/',
    'http://printer.local/',
    'http://hidden.onion/',
    'http://nas.home.arpa/',
    'http://svc.internal/',
  ])
    it(`refuses the special-use name in ${url}`, async () => {
      await expect(safeFetch(url, { accept: HTML })).rejects.toMatchObject({ kind: 'invalid', message: NOT_PUBLIC })
      await expect(safePost(url, { headers: {}, body: '{}' })).rejects.toMatchObject({ kind: 'invalid', message: NOT_PUBLIC })
      expect(await unreachableReason(url)).toBe(NOT_PUBLIC)
    })

  // Checked first: the address (loopback here) is never looked at.
  for (const url of ['http://user:secret@127.0.0.1/', 'https://token@127.0.0.1/hook', 'http://:secret@[::1]:8080/'])
    it(`refuses the user name or password in ${url}, which would never be sent`, async () => {
      await expect(safeFetch(url, { accept: HTML })).rejects.toMatchObject({ kind: 'invalid', message: WITH_CREDENTIALS })
      await expect(safePost(url, { headers: {}, body: '{}' })).rejects.toMatchObject({ kind: 'invalid', message: WITH_CREDENTIALS })
      expect(await unreachableReason(url)).toBe(WITH_CREDENTIALS)
    })

  for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url'])
    it(`refuses the non-http address ${url}`, async () => {
      await expect(safeFetch(url, { accept: HTML })).rejects.toMatchObject({ kind: 'invalid', message: 'Only http:// and https:// pages can be loaded.' })
    })
})

describe('safeFetch checks names at connect time', () => {
  let hits = 0
  const page = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () => {
      hits += 1
      return new Response('<title>private</title>', { headers: { 'content-type': 'text/html' } })
    },
  })
  afterAll(() => page.stop(true))

  // Proves the connection itself runs the checking lookup (Bun's node:http honours `lookup`).
  it('refuses a host name that resolves to a loopback address, and never connects', async () => {
    await expect(safeFetch(`http://localhost:${page.port}/`, { accept: HTML })).rejects.toMatchObject({ kind: 'invalid', message: NOT_PUBLIC })
    await expect(safeFetch(`http://LocalHost:${page.port}/`, { accept: HTML })).rejects.toMatchObject({ message: NOT_PUBLIC })
    expect(hits).toBe(0)
  })
})
