// The user commands: Linkcard from the command line, through the public API of any Linkcard (the
// TypeScript client in sdk/), with none of the server's config or database. src/index.ts hands
// every command that is not an operator's here.
import { parseArgs } from 'node:util'
import { VERSION } from '../platform/version'
import { connect } from './api'
import { findCommand, groupOf, helpFor } from './commands'
import { CliError, EXIT, helpHint, usageError } from './failure'
import { optionsOf } from './help'
import { processIo, type Io } from './output'
import { connection, resolveSettings, type Env } from './settings'
import type { Context, Flags } from './spec'

/** Runs a user command; answers its exit code (failures have been told on stderr). */
export async function runCli(argv: string[], env: Env, io: Io = processIo()): Promise<number> {
  try {
    await dispatch(argv, env, io)
    return EXIT.ok
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    io.err([error.message, ...error.details.map((line) => `  ${line}`)].join('\n'))
    return error.exitCode
  }
}

async function dispatch(argv: string[], env: Env, io: Io) {
  const [first = 'help'] = argv
  if (first === '--help' || first === '-h') return io.out(helpFor([]))
  if (first === '--version' || first === '-V') return io.out(VERSION)
  const found = findCommand(argv)
  if (!found) {
    if (groupOf(first).length) throw usageError(`"${first}" takes a command: ${groupOf(first).map((spec) => spec.name.split(' ')[1]).join(', ')}.`, first)
    throw usageError(`Unknown command "${first}".`, '')
  }
  const { spec } = found
  const options = optionsOf(spec)
  let parsed: { values: Flags; positionals: string[] }
  try {
    parsed = parseArgs({
      args: argv.slice(found.length),
      options: Object.fromEntries(Object.entries(options).map(([name, { type, short, multiple }]) => [name, { type, ...(short ? { short } : {}), ...(multiple ? { multiple } : {}) }])),
      allowPositionals: true,
      allowNegative: true,
      strict: true,
    }) as { values: Flags; positionals: string[] }
  } catch (error) {
    throw usageError((error as Error).message.split('\n')[0]!, spec.name)
  }
  const { values: flags, positionals: args } = parsed
  if (flags.help) return io.out(helpFor(spec.name.split(' ')))
  const [least, most] = spec.arity
  if (args.length < least || args.length > most) throw usageError(args.length < least ? `Missing ${spec.args ?? 'arguments'}.` : `Too many arguments: ${args.slice(most).join(' ')}.`, spec.name)
  for (const [name, option] of Object.entries(options)) {
    const value = flags[name]
    if (option.choices && typeof value === 'string' && value !== '' && !option.choices.includes(value)) throw usageError(`--${name} is one of ${option.choices.join(', ')}, not "${value}".`, spec.name)
  }
  const context: Context = {
    args,
    flags,
    isJson: flags.json === true,
    io,
    env,
    api: () => connect(connection(resolveSettings({ url: flags.url as string | undefined, key: flags.key as string | undefined }, env))),
  }
  try {
    await spec.run(context)
  } catch (error) {
    if (error instanceof CliError && error.exitCode === EXIT.usage && error.details.length === 0) error.details.push(helpHint(spec.name))
    throw error
  }
}
