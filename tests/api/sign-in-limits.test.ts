// Sign-in failures count in 15-minute windows: per e-mail from one network, per network, and per
// e-mail across networks. In-process, on the test's clock, each test starts at the start of a
// window, so no count straddles a window's edge; tests/api/auth.test.ts shows the 429 over HTTP.
import { afterEach, beforeEach, describe, expect, it } from 'bun:test'
import { handleRequest } from '../../src/app'
import { PASSWORD, signUp } from '../helpers/accounts'
import { uniqueEmail, } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import { serverAroundTests } from '../helpers/server'
import { atStartOfNextWindow, clockRunsAgain } from '../helpers/windows'

const linkcard = serverAroundTests(startInProcess)
beforeEach(() => atStartOfNextWindow(15 * 60_000))
afterEach(clockRunsAgain)

let lastNetwork = 0
/** A client address of its own, so the limits of one test do not touch another. */
const newNetwork = () => `198.51.100.${++lastNetwork}`

/** A sign-in from `address`, as the socket's peer would name it. */
async function login(email: string, password: string, address: string) {
  const request = new Request(`${linkcard.server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
  const answer = await handleRequest(request, { requestIP: () => ({ address }) })
  return { status: answer.status, headers: answer.headers, body: (await answer.json()) as { message: string } }
}

describe('sign-in failures', () => {
  it('counts guesses before checking them: 40 at once from one address get at most 5 answers of 401', async () => {
    const person = await signUp(linkcard.http)
    const address = newNetwork()
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(person.email, `guess ${i}`, address)))
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(35)
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true)
  })

  it('does not lock the owner out from another network', async () => {
    const person = await signUp(linkcard.http)
    const attacker = newNetwork()
    for (let i = 0; i < 5; i++) expect((await login(person.email, `guess ${i}`, attacker)).status).toBe(401)
    for (let i = 0; i < 10; i++) expect((await login(person.email, PASSWORD, attacker)).status).toBe(429)
    // Refused guesses do not count towards the ceiling either.
    expect((await login(person.email, PASSWORD, newNetwork())).status).toBe(200)
  })

  it('keeps a ceiling of 50 failures for one address across all networks', async () => {
    const person = await signUp(linkcard.http)
    const guesses = Array.from({ length: 10 }, () => newNetwork()).flatMap((address) =>
      Array.from({ length: 5 }, (_, i) => login(person.email, `guess ${i}`, address)),
    )
    expect((await Promise.all(guesses)).every((answer) => answer.status === 401)).toBe(true)
    expect((await login(person.email, PASSWORD, newNetwork())).status).toBe(429)
  }, 90_000)

  it('throttles repeated failures for one e-mail with 429 and Retry-After, known or not', async () => {
    const address = newNetwork()
    for (const email of [(await signUp(linkcard.http)).email, uniqueEmail('ghost')]) {
      for (let i = 0; i < 5; i++) expect((await login(email, `guess ${i}`, address)).status).toBe(401)
      const blocked = await login(email, PASSWORD, address)
      expect(blocked.status).toBe(429)
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(blocked.body.message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.')
    }
  })
})
