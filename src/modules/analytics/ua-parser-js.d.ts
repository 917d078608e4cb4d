// ua-parser-js 1.x (MIT) ships no types; this is the part the classifier reads.
declare module 'ua-parser-js' {
  type Named = { name?: string; version?: string }
  export class UAParser {
    constructor(userAgent?: string)
    getResult(): { browser: Named; os: Named; device: { type?: string; vendor?: string; model?: string } }
  }
}
