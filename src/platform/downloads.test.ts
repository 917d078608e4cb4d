import { describe, expect, it } from 'bun:test'
import { csvCell, csvLine } from './downloads'

describe('CSV cells', () => {
  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+2')).toBe("'=1+2")
    expect(csvCell('+4915112345')).toBe("'+4915112345")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\tcmd')).toBe("'\tcmd")
    expect(csvCell('\r=cmd')).toBe(`"'\r=cmd"`)
  })

  it('quotes cells with commas, quotes or line breaks and doubles their quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
  })

  it('leaves plain values alone and writes missing ones empty', () => {
    expect(csvCell('t.co')).toBe('t.co')
    expect(csvCell('2026-03-01T23:59:59.999Z')).toBe('2026-03-01T23:59:59.999Z')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(42)).toBe('42')
  })

  it('ends each record with CRLF', () => {
    expect(csvLine(['a', null, '=b'])).toBe("a,,'=b\r\n")
  })
})
