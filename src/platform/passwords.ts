// Passwords, people's and links', are kept only as argon2id hashes. A hash states the cost it was
// made at, so Bun.password.verify checks any of them, whatever cost makes new ones.

type Cost = { memoryCost: number; timeCost: number }

/** People's passwords: Bun's argon2id defaults, 64 MiB and two passes. */
export const ACCOUNT_PASSWORD_COST: Cost = { memoryCost: 65_536, timeCost: 2 }

/**
 * A link's password: OWASP's argon2id minimum (19 MiB, two passes). It guards one link, its tries
 * are rate limited, and links are made a thousand at a time.
 */
export const LINK_PASSWORD_COST: Cost = { memoryCost: 19_456, timeCost: 2 }

// A test run (NODE_ENV=test, which `bun test` sets and the servers its tests start inherit) signs
// up people by the hundred: argon2id at its least cost spares minutes of CPU. Never serve people
// with NODE_ENV=test.
const TEST_RUN_COST: Cost = { memoryCost: 256, timeCost: 1 }

export const hashPassword = (password: string, cost: Cost) =>
  Bun.password.hash(password, { algorithm: 'argon2id', ...(process.env.NODE_ENV === 'test' ? TEST_RUN_COST : cost) })
