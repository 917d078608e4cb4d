// The secrets of keys made or rolled in this tab, so the docs' tester can call with one: Linkcard
// keeps only their hashes. In sessionStorage, so they never leave this tab and end with it, and
// kept for the person signed in when they were made, so whoever signs in next sees none of them.
import { useSession } from '../../lib/session'

const STORE = 'linkcard.keySecrets'

type Remembered = { userId: string; secrets: Record<string, string> }

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

/** The signed-in person's remembered secrets, by key id. */
function secretsHere(): Record<string, string> {
  const userId = useSession.getState().user?.id
  try {
    const stored = JSON.parse(storage()?.getItem(STORE) ?? 'null') as Remembered | null
    return userId && stored?.userId === userId ? stored.secrets : {}
  } catch {
    return {}
  }
}

function writeSecrets(secrets: Record<string, string>) {
  const userId = useSession.getState().user?.id
  if (!userId) return
  try {
    storage()?.setItem(STORE, JSON.stringify({ userId, secrets } satisfies Remembered))
  } catch {
    // Storage full or refused: the tester asks for the key instead.
  }
}

export function rememberKeySecret(id: string, secret: string) {
  writeSecrets({ ...secretsHere(), [id]: secret })
}

export function forgetKeySecret(id: string) {
  const { [id]: _, ...rest } = secretsHere()
  writeSecrets(rest)
}

/** The secret of a key made or rolled in this tab, if it was. */
export const rememberedKeySecret = (id: string): string | undefined => secretsHere()[id]
