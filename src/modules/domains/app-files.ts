// The files an app's operator publishes on a domain so that its links open the app: Apple's
// apple-app-site-association (universal links) and Google's Digital Asset Links statement list
// (Android app links). Checked on save against the shapes Apple's and Google's validators read,
// then served as stored, as JSON, never redirected.
import { fieldError } from '../../platform/errors'

/** Where each file is served on a domain, and the setting that holds it. */
export const APP_FILES = {
  '/.well-known/apple-app-site-association': 'appleAppSiteAssociation',
  '/.well-known/assetlinks.json': 'assetLinks',
} as const
export type AppFileSetting = (typeof APP_FILES)[keyof typeof APP_FILES]

// Apple fetches at most 128 KB of the file; Google reads statement lists far smaller.
const MAX_BYTES = 128 * 1024
// "<Team ID>.<bundle id>", as Apple's details name an app.
const APPLE_APP_ID = /^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/
const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/
// An SHA-256 certificate fingerprint as Google writes it: 32 hex pairs joined by colons.
const FINGERPRINT = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/
const APPLE_SECTIONS = ['applinks', 'webcredentials', 'appclips', 'activitycontinuation']

const APP_FILE_MESSAGES = {
  tooLarge: `The file may be at most ${MAX_BYTES / 1024} KB of JSON.`,
  apple:
    'Give an apple-app-site-association object with an "applinks" (or "webcredentials", "appclips") section; each of applinks\' details names its app as "appID" or "appIDs" ("<Team ID>.<bundle id>") and lists "paths" or "components".',
  android:
    'Give a list of Digital Asset Links statements: each with a "relation" list and a "target" of namespace "android_app" (its package_name and sha256_cert_fingerprints, 32 colon-separated hex pairs each) or "web" (its site).',
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isStringList = (value: unknown, pattern?: RegExp) => Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && (!pattern || pattern.test(item)))

function isAppleDetail(detail: unknown) {
  if (!isObject(detail)) return false
  const names = typeof detail.appID === 'string' ? APPLE_APP_ID.test(detail.appID) : isStringList(detail.appIDs, APPLE_APP_ID)
  const matches = detail.paths !== undefined ? isStringList(detail.paths) : Array.isArray(detail.components) && detail.components.every(isObject)
  return names && matches
}

function isAppleFile(value: unknown) {
  if (!isObject(value) || !APPLE_SECTIONS.some((section) => section in value)) return false
  const applinks = value.applinks
  if (applinks === undefined) return true
  return isObject(applinks) && Array.isArray(applinks.details) && applinks.details.every(isAppleDetail)
}

function isStatement(statement: unknown) {
  if (!isObject(statement) || !isStringList(statement.relation) || !isObject(statement.target)) return false
  const target = statement.target
  if (target.namespace === 'web') return typeof target.site === 'string' && /^https?:\/\/[^/]+\/?$/.test(target.site)
  return (
    target.namespace === 'android_app' &&
    typeof target.package_name === 'string' &&
    ANDROID_PACKAGE.test(target.package_name) &&
    isStringList(target.sha256_cert_fingerprints, FINGERPRINT)
  )
}

/** A file as it may be stored (null for none), or a 400 naming the setting and what the file must be. */
export function checkedAppFile(setting: AppFileSetting, value: unknown): Record<string, unknown> | unknown[] | null {
  if (value === null) return null
  if (JSON.stringify(value).length > MAX_BYTES) throw fieldError('invalid', setting, APP_FILE_MESSAGES.tooLarge)
  if (setting === 'appleAppSiteAssociation') {
    if (!isAppleFile(value)) throw fieldError('invalid', setting, APP_FILE_MESSAGES.apple)
    return value as Record<string, unknown>
  }
  if (!Array.isArray(value) || value.length === 0 || !value.every(isStatement)) throw fieldError('invalid', setting, APP_FILE_MESSAGES.android)
  return value
}
