// The shape of a user command, from which its parsing, `linkcard help` and shell completion are made.
import type { Api } from './api'
import type { Io } from './output'
import type { Env } from './settings'

export type OptionSpec = {
  type: 'string' | 'boolean'
  short?: string
  multiple?: boolean
  /** What the value is, as help shows it: `--title <text>`. */
  value?: string
  about: string
  /** Values the shell may complete. */
  choices?: readonly string[]
}

export type Flags = Record<string, string | boolean | string[] | undefined>

export type Context = {
  /** The positional arguments after the command's words. */
  args: string[]
  flags: Flags
  isJson: boolean
  io: Io
  env: Env
  /** The API, with the address and key from flags, environment or config file (a usage error when either is missing). */
  api(): Api
}

export type CommandSpec = {
  /** The command's words: `links create`. */
  name: string
  /** Its arguments as help shows them: `<targetUrl>`, `[file]`. */
  args?: string
  /** How many arguments it takes. */
  arity: [min: number, max: number]
  summary: string
  /** More lines for its own help. */
  more?: string[]
  options?: Record<string, OptionSpec>
  /** Whether the command speaks to a Linkcard (and takes --url and --key). */
  isRemote: boolean
  run(context: Context): Promise<void>
}
