// `linkcard config …`: the address and key kept in the config file, so commands need neither flags
// nor environment.
import { existsSync } from 'node:fs'
import { usageError } from './failure'
import { details, json } from './output'
import { checkUrl, configFilePath, maskedKey, readConfigFile, resolveSettings, SETTING_NAMES, writeConfigFile, type SettingName } from './settings'
import type { Context } from './spec'

function settingName(text: string | undefined, command: string): SettingName {
  if (!SETTING_NAMES.includes(text as SettingName)) throw usageError(`The settings are ${SETTING_NAMES.join(' and ')}, not "${text}".`, command)
  return text as SettingName
}

export async function setSetting(context: Context) {
  const { args, env, io } = context
  const name = settingName(args[0], 'config set')
  // A key read from standard input stays out of the shell's history.
  const value = (args[1] === undefined || args[1] === '-' ? await io.stdin(`The ${name}: `) : args[1]).trim()
  if (!value) throw usageError(`Give the ${name}: linkcard config set ${name} <value> (or on standard input).`, 'config set')
  if (name === 'url') checkUrl(value, 'the command line')
  const path = configFilePath(env)
  writeConfigFile(path, { ...readConfigFile(path), [name]: value })
  io.out(context.isJson ? json({ file: path, [name]: name === 'key' ? maskedKey(value) : value }) : `Saved the ${name} in ${path}.`)
}

export async function unsetSetting(context: Context) {
  const { args, env, io } = context
  const name = settingName(args[0], 'config unset')
  const path = configFilePath(env)
  if (existsSync(path)) {
    const { [name]: _, ...rest } = readConfigFile(path)
    writeConfigFile(path, rest)
  }
  io.out(context.isJson ? json({ file: path, [name]: null }) : `The ${name} is no longer set in ${path}.`)
}

export async function showSettings(context: Context) {
  const settings = resolveSettings({}, context.env)
  const shown = {
    file: settings.path,
    url: settings.url ?? null,
    key: settings.key ? { ...settings.key, value: maskedKey(settings.key.value) } : null,
  }
  if (context.isJson) return context.io.out(json(shown))
  context.io.out(
    details([
      ['url', shown.url ? `${shown.url.value}   (from ${shown.url.from})` : 'not set'],
      ['key', shown.key ? `${shown.key.value}   (from ${shown.key.from})` : 'not set'],
      ['file', shown.file],
    ]),
  )
}

export async function showConfigPath(context: Context) {
  context.io.out(configFilePath(context.env))
}
