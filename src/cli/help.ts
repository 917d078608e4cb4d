// `linkcard help`: the commands, options and exit codes, from the commands' own specs.
import { EXIT_MEANINGS } from './failure'
import { table } from './output'
import type { CommandSpec, OptionSpec } from './spec'

/** Options every command that speaks to a Linkcard takes. */
const REMOTE_OPTIONS: Record<string, OptionSpec> = {
  url: { type: 'string', value: 'url', about: 'The Linkcard to speak to (else LINKCARD_URL, else the config file)' },
  key: { type: 'string', value: 'key', about: 'Its API key, lnk_… (else LINKCARD_API_KEY, else the config file)' },
}
const COMMON_OPTIONS: Record<string, OptionSpec> = {
  json: { type: 'boolean', about: "Print JSON for scripts: the API's answer as it is" },
  help: { type: 'boolean', short: 'h', about: 'Show this help' },
}

const OPERATOR_COMMANDS: [string, string][] = [
  ['(no command)', 'Serve the product'],
  ['grant-admin [--revoke] <email>', 'Make a user a super admin, or no longer'],
  ['confirm-email <email>', 'Confirm an address without the mailed link'],
  ['backup [file]', 'Copy the SQLite database'],
]

const usage = (spec: CommandSpec) => `linkcard ${spec.name}${spec.args ? ` ${spec.args}` : ''}${spec.options && Object.keys(spec.options).length ? ' [options]' : ''}`

const optionLabel = (name: string, option: OptionSpec) =>
  `${option.short ? `-${option.short}, ` : ''}--${name}${option.type === 'string' ? ` <${option.value ?? 'value'}>` : ''}`

function optionRows(options: Record<string, OptionSpec>) {
  return Object.entries(options).map(([name, option]) => {
    const choices = option.choices ? ` (${option.choices.join(', ')})` : ''
    return [`  ${optionLabel(name, option)}`, `${option.about}${choices}`]
  })
}

// Two columns, aligned, under no header.
const indent = (rows: string[][]) => table(['', ''], rows).split('\n').slice(1).join('\n')

export function overview(commands: CommandSpec[]) {
  const rows = commands.map((spec) => [`  ${spec.name}${spec.args ? ` ${spec.args}` : ''}`, spec.summary])
  return [
    'Linkcard from the command line: links, their stats and QR codes, through the public API of any Linkcard.',
    '',
    'Usage: linkcard <command> [arguments] [options]',
    '',
    'Commands:',
    indent(rows),
    '',
    'Options of the commands that speak to a Linkcard:',
    indent(optionRows({ ...REMOTE_OPTIONS, ...COMMON_OPTIONS })),
    '',
    'Operator commands, run where the server runs (with its DATA_DIR or DATABASE_URL):',
    indent(OPERATOR_COMMANDS.map(([name, about]) => [`  ${name}`, about])),
    '',
    exitCodes(),
    '',
    'Settings: flags first, then LINKCARD_URL and LINKCARD_API_KEY, then the config file (linkcard config path).',
    'Run `linkcard help <command>` for a command’s options.',
  ].join('\n')
}

function exitCodes() {
  return ['Exit codes:', indent(EXIT_MEANINGS.map(([code, meaning]) => [`  ${code}`, meaning]))].join('\n')
}

/** Every option a command takes: its own, then those it shares. */
export const optionsOf = (spec: CommandSpec): Record<string, OptionSpec> => ({ ...spec.options, ...(spec.isRemote ? REMOTE_OPTIONS : {}), ...COMMON_OPTIONS })

export function commandHelp(spec: CommandSpec) {
  const options = optionsOf(spec)
  return [`Usage: ${usage(spec)}`, '', spec.summary, ...(spec.more ?? []), '', 'Options:', indent(optionRows(options))].join('\n')
}

/** The help of a group of commands (`links`): each of them. */
export function groupHelp(group: string, commands: CommandSpec[]) {
  const rows = commands.map((spec) => [`  ${spec.name}${spec.args ? ` ${spec.args}` : ''}`, spec.summary])
  return [`Usage: linkcard ${group} <command> [arguments] [options]`, '', 'Commands:', indent(rows), '', `Run \`linkcard help ${group} <command>\` for its options.`].join('\n')
}
