/**
 * fn with its answers remembered by argument, up to `max` of them. Past that they are all forgotten
 * at once: unlike least-recently-used bookkeeping, a hit costs one look-up and nothing more, which
 * is what hot paths fed by endlessly repeating values (User-Agents, addresses, hosts) want.
 */
export function remembered<T extends NonNullable<unknown> | null>(max: number, fn: (key: string) => T): (key: string) => T {
  const answers = new Map<string, T>()
  // Values come in runs (one client's requests): telling a key equal to the last is cheaper than hashing it.
  let lastKey: string | undefined
  let lastAnswer: T
  return (key) => {
    if (key === lastKey) return lastAnswer
    let answer = answers.get(key)
    if (answer === undefined) {
      answer = fn(key)
      if (answers.size >= max) answers.clear()
      answers.set(key, answer)
    }
    lastKey = key
    lastAnswer = answer
    return answer
  }
}
