// How a session names what it was signed in from: families a person recognises ("Firefox" on a
// "Mac"), never versions, so a browser update does not make a known device look new.

/** A User-Agent as analytics reads it (analytics/classify.ts describeAgent), handed over to auth. */
export type AgentReading = { device: string | null; browser: string | null; os: string | null }

export type SessionDevice = { browser: string; device: string }

const UNKNOWN_BROWSER = 'Unknown browser'
const UNKNOWN_DEVICE = 'Unknown device'

// What people call the machine an operating system runs on; other systems are named as they are.
const DESKTOPS: Record<string, string> = { macOS: 'Mac', Windows: 'Windows PC', ChromeOS: 'Chromebook', Linux: 'Linux PC' }

function deviceOf({ device, os }: AgentReading): string {
  const isTablet = device === 'tablet'
  const isHandheld = isTablet || device === 'mobile'
  if (os === 'iOS') return isTablet ? 'iPad' : 'iPhone'
  if (os && isHandheld) return `${os} ${isTablet ? 'tablet' : 'phone'}`
  if (os) return DESKTOPS[os] ?? os
  if (isHandheld) return isTablet ? 'Tablet' : 'Phone'
  return UNKNOWN_DEVICE
}

export function sessionDevice(agent: AgentReading): SessionDevice {
  return { browser: agent.browser ?? UNKNOWN_BROWSER, device: deviceOf(agent) }
}
