// Where a visitor sent to sign in goes once signed in: the screen that asked for it (kept for this
// tab only, and only a path of this site, so no address can send anyone elsewhere).
const KEY = 'linkcard.returnTo'
const AFTER_SIGN_IN = '/dashboard'

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

/** A path on this site other than the sign-in screens themselves ("//host" and "/\host" are other sites). */
const isOwnScreen = (path: string) => /^\/(?![/\\])/.test(path) && !/^\/(login|signup)(?=$|[/?#])/.test(path)

export function rememberReturn(path: string) {
  if (isOwnScreen(path)) store()?.setItem(KEY, path)
}

/** The remembered screen, or the dashboard. */
export function returnPath(): string {
  const path = store()?.getItem(KEY)
  return path && isOwnScreen(path) ? path : AFTER_SIGN_IN
}

export function forgetReturn() {
  store()?.removeItem(KEY)
}
