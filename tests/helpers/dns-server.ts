// A small authoritative DNS server over UDP (RFC 1035 wire format) answering TXT, CNAME, A and PTR
// questions from records a test sets, so custom-domain and crawler checks run real look-ups without
// the internet.
import { createSocket } from 'node:dgram'

/**
 * `failing`: the name answers SERVFAIL, as a broken authoritative server would; `silent`: no answer
 * at all, as an unreachable one.
 */
export type DnsRecords = { TXT?: string[]; CNAME?: string; A?: string[]; PTR?: string; failing?: boolean; silent?: boolean }

/** The name a PTR record of an IPv4 address is asked for (1.2.3.4 → 4.3.2.1.in-addr.arpa). */
export const reverseName = (ipv4: string) => `${ipv4.split('.').reverse().join('.')}.in-addr.arpa`

export type DnsServer = {
  /** "127.0.0.1:<port>", the value for DNS_RESOLVER. */
  address: string
  set(name: string, records: DnsRecords): void
  remove(name: string): void
  close(): void
}

const TYPE = { A: 1, CNAME: 5, PTR: 12, TXT: 16 } as const

function encodeName(name: string) {
  const labels = name.replace(/\.$/, '').split('.').filter(Boolean)
  return Buffer.concat([...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])), Buffer.from([0])])
}

function readName(message: Buffer, offset: number) {
  const labels: string[] = []
  while (message[offset] !== 0) {
    const length = message[offset]
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString('latin1'))
    offset += length + 1
  }
  return { name: labels.join('.').toLowerCase(), end: offset + 1 }
}

function resourceRecord(type: number, data: Buffer) {
  const fixed = Buffer.alloc(10)
  fixed.writeUInt16BE(type, 0)
  fixed.writeUInt16BE(1, 2) // class IN
  fixed.writeUInt32BE(5, 4) // TTL
  fixed.writeUInt16BE(data.length, 8)
  // 0xc00c: a pointer to the question's name at offset 12.
  return Buffer.concat([Buffer.from([0xc0, 0x0c]), fixed, data])
}

function txtData(value: string) {
  const bytes = Buffer.from(value)
  const parts: Buffer[] = []
  let at = 0
  do {
    const chunk = bytes.subarray(at, at + 255)
    parts.push(Buffer.from([chunk.length]), chunk)
    at += 255
  } while (at < bytes.length)
  return Buffer.concat(parts)
}

export async function startDnsServer(): Promise<DnsServer> {
  const zone = new Map<string, DnsRecords>()
  const socket = createSocket('udp4')
  socket.on('message', (query, peer) => {
    const { name, end } = readName(query, 12)
    const type = query.readUInt16BE(end)
    const records = zone.get(name)
    if (records?.silent) return
    const answers: Buffer[] = []
    // A name with a CNAME has no other data: resolvers follow the alias.
    if (records?.CNAME) answers.push(resourceRecord(TYPE.CNAME, encodeName(records.CNAME)))
    else if (type === TYPE.TXT) for (const value of records?.TXT ?? []) answers.push(resourceRecord(TYPE.TXT, txtData(value)))
    else if (type === TYPE.A)
      for (const ip of records?.A ?? []) answers.push(resourceRecord(TYPE.A, Buffer.from(ip.split('.').map(Number))))
    else if (type === TYPE.PTR && records?.PTR) answers.push(resourceRecord(TYPE.PTR, encodeName(records.PTR)))
    const header = Buffer.alloc(12)
    header.writeUInt16BE(query.readUInt16BE(0), 0)
    // QR=1, AA=1, RD copied; RCODE 3 (NXDOMAIN) for unknown names, 2 (SERVFAIL) for failing ones, else 0.
    if (records?.failing) answers.length = 0
    header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | (records ? (records.failing ? 2 : 0) : 3), 2)
    header.writeUInt16BE(1, 4)
    header.writeUInt16BE(answers.length, 6)
    socket.send(Buffer.concat([header, query.subarray(12, end + 4), ...answers]), peer.port, peer.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()))
  return {
    address: `127.0.0.1:${socket.address().port}`,
    set: (name, records) => void zone.set(name.toLowerCase(), records),
    remove: (name) => void zone.delete(name.toLowerCase()),
    close: () => socket.close(),
  }
}
