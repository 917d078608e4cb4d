// The one kind of cache: bounded, with an optional time to live. When it is full, the entry stored
// longest ago makes room (insertion order, not recency): a hit then costs one look-up and no
// bookkeeping, which the hot paths (short links, hosts, keys, User-Agents) want, and a value evicted
// while still in use costs no more than one more read of it.

type Entry<V> = { value: V; expiresAt: number }

export class BoundedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>()

  /** Up to `max` entries, each kept `ttlMs` unless set with a time of its own (none: until evicted). */
  constructor(
    private readonly max: number,
    private readonly ttlMs = Infinity,
  ) {}

  /** The value, unless absent or expired at `now`. */
  get(key: K, now?: number): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt !== Infinity && entry.expiresAt <= (now ?? Date.now())) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(key: K, value: V, ttlMs = this.ttlMs) {
    if (this.entries.size >= this.max && !this.entries.has(key)) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key, { value, expiresAt: ttlMs === Infinity ? Infinity : Date.now() + ttlMs })
  }

  delete(key: K) {
    this.entries.delete(key)
  }

  /** Forgets every entry whose value matches (an account's, say). */
  deleteWhere(matches: (value: V) => boolean) {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key)
  }

  clear() {
    this.entries.clear()
  }

  get size() {
    return this.entries.size
  }
}

/** fn with its answers remembered by argument, up to `max` of them: for pure functions on hot paths. */
export function remembered<T extends NonNullable<unknown> | null>(max: number, fn: (key: string) => T): (key: string) => T {
  const answers = new BoundedCache<string, T>(max)
  // Values come in runs (one client's requests): telling a key equal to the last is cheaper than hashing it.
  let lastKey: string | undefined
  let lastAnswer: T
  return (key) => {
    if (key === lastKey) return lastAnswer
    let answer = answers.get(key)
    if (answer === undefined) {
      answer = fn(key)
      answers.set(key, answer)
    }
    lastKey = key
    lastAnswer = answer
    return answer
  }
}
