// Events cross from the request thread to the writer's in batches of numbers: each event is a row
// of a typed array, and each string it carries (link, account, User-Agent, referrer, address,
// country, platform, variant, card version; and whether a preview was unverified) is named by its number in a dictionary both threads keep. A string crosses
// once, with the first batch that uses it, however many events carry it later; recording a visit
// costs the request thread a few look-ups and no string building, and a batch's rows cross
// without being copied.
import { CARD_VERSIONS } from '../../shared/link-rules'
import type { CountedEvent, RecordedEvent } from './writer'

const LINK = 0
const ACCOUNT = 1
const TYPE = 2
const AT = 3
const REFERRER = 4
const USER_AGENT = 5
const PLATFORM = 6
const IP = 7
const COUNTRY = 8
const COUNT = 9
const VARIANT = 10
const CARD = 11
const UNVERIFIED = 12
const COLUMNS = 13

const NONE = -1
// The type column: a click, a preview, or a click from the link's QR code.
const CLICK = 0
const PREVIEW = 1
const SCAN = 2

/** What crosses to the writer: the rows, the strings new to it, and whether it must forget the old ones first. */
export type EncodedBatch = { rows: Float64Array; size: number; words: string[]; reset: boolean }

// Past this, both threads start a new dictionary, so endless distinct addresses cannot eat memory.
const MAX_WORDS = 100_000

/** The request thread's half of the dictionary: every string's number, and what the writer has been sent. */
export class Dictionary {
  private numbers = new Map<string, number>()
  private words: string[] = []
  private sent = 0
  private reset = true

  constructor(private readonly maxWords = MAX_WORDS) {}

  number(word: string | null) {
    if (word === null) return NONE
    let number = this.numbers.get(word)
    if (number === undefined) {
      number = this.words.length
      this.numbers.set(word, number)
      this.words.push(word)
    }
    return number
  }

  /** The strings the writer has not seen yet, and whether it must first forget those it has. */
  take(): { words: string[]; reset: boolean } {
    const taken = { words: this.words.slice(this.sent), reset: this.reset }
    this.sent = this.words.length
    this.reset = false
    return taken
  }

  /** Between batches: a full dictionary starts over. */
  trim() {
    if (this.words.length <= this.maxWords) return
    this.numbers.clear()
    this.words = []
    this.sent = 0
    this.reset = true
  }

  /** A new writer knows nothing: the next batch carries every string again. */
  resend() {
    this.sent = 0
    this.reset = true
  }
}

/** Events on their way to the writer, each with how many times it happened. */
export class EventBatch {
  private rows: Float64Array
  size = 0
  // Each column's last string and its number: consecutive events often share a client or an
  // account, and telling a string equal to the last is cheaper than hashing it.
  private lastWords: (string | null | undefined)[] = new Array(COLUMNS)
  private lastNumbers = new Float64Array(COLUMNS)

  constructor(
    private readonly dictionary: Dictionary,
    capacity: number,
  ) {
    this.rows = new Float64Array(capacity * COLUMNS)
  }

  add(event: RecordedEvent) {
    const row = this.size++ * COLUMNS
    // Room runs out only while events wait for a writer to take over.
    if (row === this.rows.length) {
      const grown = new Float64Array(Math.max(COLUMNS, this.rows.length * 2))
      grown.set(this.rows)
      this.rows = grown
    }
    const rows = this.rows
    rows[row + LINK] = this.number(LINK, event.linkId)
    rows[row + ACCOUNT] = this.number(ACCOUNT, event.accountId)
    rows[row + TYPE] = event.type === 'preview' ? PREVIEW : event.isScan ? SCAN : CLICK
    rows[row + AT] = event.at
    rows[row + REFERRER] = this.number(REFERRER, event.referrer)
    rows[row + USER_AGENT] = this.number(USER_AGENT, event.userAgent)
    rows[row + PLATFORM] = this.number(PLATFORM, event.platform)
    rows[row + IP] = this.number(IP, event.ip)
    rows[row + COUNTRY] = this.number(COUNTRY, event.country)
    rows[row + COUNT] = 1
    rows[row + VARIANT] = this.number(VARIANT, event.variant ?? null)
    rows[row + CARD] = event.card === undefined ? NONE : CARD_VERSIONS.indexOf(event.card)
    rows[row + UNVERIFIED] = event.unverified ? 1 : 0
  }

  private number(column: number, word: string | null) {
    if (word === this.lastWords[column]) return this.lastNumbers[column]
    const number = this.dictionary.number(word)
    this.lastWords[column] = word
    this.lastNumbers[column] = number
    return number
  }

  /** The event added last happened once more. */
  repeatLast() {
    this.rows[(this.size - 1) * COLUMNS + COUNT]++
  }

  /** The batch, ready to post with `rows.buffer` transferred; this batch is spent. */
  encode(): EncodedBatch {
    return { rows: this.rows, size: this.size, ...this.dictionary.take() }
  }
}

/** The writer's half of the dictionary: turns batches back into events. */
export class EventReader {
  private words: string[] = []

  read({ rows, size, words, reset }: EncodedBatch): CountedEvent[] {
    if (reset) this.words = []
    for (const word of words) this.words.push(word)
    const word = (number: number) => (number === NONE ? null : this.words[number])
    const events: CountedEvent[] = new Array(size)
    for (let i = 0; i < size; i++) {
      const row = i * COLUMNS
      const variant = rows[row + VARIANT]
      events[i] = {
        linkId: this.words[rows[row + LINK]],
        accountId: this.words[rows[row + ACCOUNT]],
        type: rows[row + TYPE] === PREVIEW ? 'preview' : 'click',
        isScan: rows[row + TYPE] === SCAN,
        at: rows[row + AT],
        referrer: word(rows[row + REFERRER]),
        userAgent: word(rows[row + USER_AGENT]),
        platform: word(rows[row + PLATFORM]),
        ip: word(rows[row + IP]),
        country: word(rows[row + COUNTRY]),
        count: rows[row + COUNT],
      }
      if (variant !== NONE) events[i].variant = this.words[variant]
      if (rows[row + CARD] !== NONE) events[i].card = CARD_VERSIONS[rows[row + CARD]]
      if (rows[row + UNVERIFIED] === 1) events[i].unverified = true
    }
    return events
  }
}
