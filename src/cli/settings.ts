// Which Linkcard a user command speaks to, and with which key: from the command's flags, else the
// environment (LINKCARD_URL, LINKCARD_API_KEY), else the config file that `linkcard config set`
// writes (~/.config/linkcard/config.json, or under XDG_CONFIG_HOME). The file holds a key: it is
// readable by its owner alone.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { CliError, EXIT, usageError } from './failure'

export type Env = Record<string, string | undefined>
export type SettingName = 'url' | 'key'
export const SETTING_NAMES: SettingName[] = ['url', 'key']
type Stored = Partial<Record<SettingName, string>>
export type Setting = { value: string; from: string }

const ENV_NAMES: Record<SettingName, string> = { url: 'LINKCARD_URL', key: 'LINKCARD_API_KEY' }

export function configFilePath(env: Env) {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config')
  return join(base, 'linkcard', 'config.json')
}

export function readConfigFile(path: string): Stored {
  if (!existsSync(path)) return {}
  let stored: unknown
  try {
    stored = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new CliError(EXIT.usage, `The config file ${path} is not JSON (${(error as Error).message}). Fix or delete it.`)
  }
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) throw new CliError(EXIT.usage, `The config file ${path} should hold an object such as {"url": "…", "key": "…"}.`)
  const entries = Object.entries(stored).filter(([name, value]) => SETTING_NAMES.includes(name as SettingName) && typeof value === 'string')
  return Object.fromEntries(entries)
}

export function writeConfigFile(path: string, stored: Stored) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  // Written beside and renamed, so a reader never sees half a file; the mode set again, as an
  // existing file keeps its own.
  const partial = `${path}.${process.pid}.tmp`
  writeFileSync(partial, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 })
  chmodSync(partial, 0o600)
  renameSync(partial, path)
}

/** Each setting and where it came from; undefined where none is set. */
export function resolveSettings(flags: Partial<Record<SettingName, string>>, env: Env) {
  const path = configFilePath(env)
  const stored = readConfigFile(path)
  const pick = (name: SettingName): Setting | undefined => {
    if (flags[name]) return { value: flags[name]!, from: `--${name}` }
    if (env[ENV_NAMES[name]]) return { value: env[ENV_NAMES[name]]!, from: ENV_NAMES[name] }
    if (stored[name]) return { value: stored[name]!, from: path }
    return undefined
  }
  return { url: pick('url'), key: pick('key'), path }
}

/** The address, checked, and the key, or a usage error saying how to set what is missing. */
export function connection(settings: ReturnType<typeof resolveSettings>) {
  const { url, key } = settings
  if (!url) throw usageError('No Linkcard address: pass --url, set LINKCARD_URL or run `linkcard config set url https://links.example.com`.')
  if (!key) throw usageError('No API key: pass --key, set LINKCARD_API_KEY or run `linkcard config set key lnk_…` (make one on the API Keys page).')
  checkUrl(url.value, url.from)
  return { baseUrl: url.value, apiKey: key.value }
}

export function checkUrl(value: string, from: string) {
  const parsed = URL.canParse(value) ? new URL(value) : undefined
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) throw usageError(`The Linkcard address from ${from} is not an http(s) address: ${value}`)
}

/** A key as shown back: enough to tell which it is, not enough to use. */
export const maskedKey = (key: string) => (key.length > 12 ? `${key.slice(0, 8)}…${key.slice(-4)}` : '…')
