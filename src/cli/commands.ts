// The user commands: each one's words, arguments, options and handler. Parsing, `linkcard help`
// and shell completion are all made from this list.
import { whoami } from './account'
import { completionScript, SHELLS, type Shell } from './completion'
import { setSetting, showConfigPath, showSettings, unsetSetting } from './config-command'
import { usageError } from './failure'
import { commandHelp, groupHelp, overview } from './help'
import { linkFieldOptions } from './link-fields'
import { bulkCreate, createLink, deleteLink, getLink, listLinks, updateLink } from './links'
import { downloadQr } from './qr'
import type { CommandSpec, OptionSpec } from './spec'
import { showStats } from './stats'

const FILE_OPTION: OptionSpec = { type: 'string', value: 'file', about: "A JSON object of the link's fields, as the API names them (- for stdin); flags override it" }

const COMMANDS: CommandSpec[] = [
  {
    name: 'links create',
    args: '<targetUrl>',
    arity: [0, 1],
    summary: 'Create a link',
    more: ['Every field of a link has its flag; those holding JSON take it as text. With --file, the target may come from the file.'],
    options: { file: FILE_OPTION, ...linkFieldOptions('create') },
    isRemote: true,
    run: createLink,
  },
  {
    name: 'links list',
    arity: [0, 0],
    summary: 'List and search links, newest first, a page at a time',
    options: {
      search: { type: 'string', value: 'text', about: 'Only links whose title, target, alias or slug contains this' },
      tag: { type: 'string', value: 'name', about: 'Only links with this tag' },
      status: { type: 'string', value: 'status', about: 'Which links', choices: ['all', 'active', 'inactive'] },
      health: { type: 'string', value: 'health', about: 'Only links whose last check found this', choices: ['ok', 'broken'] },
      limit: { type: 'string', value: 'n', about: 'Links a page, 1 to 100 (default 50; 100 with --all)' },
      page: { type: 'string', value: 'n', about: 'Which page, from 1' },
      all: { type: 'boolean', about: 'Every page, one after the other' },
    },
    isRemote: true,
    run: listLinks,
  },
  { name: 'links get', args: '<id>', arity: [1, 1], summary: 'Show a link', isRemote: true, run: getLink },
  {
    name: 'links update',
    args: '<id>',
    arity: [1, 1],
    summary: 'Change a link: only the fields given',
    more: ['An empty value clears a field: --expires-at "" makes the link permanent again.'],
    options: { file: FILE_OPTION, ...linkFieldOptions('update') },
    isRemote: true,
    run: updateLink,
  },
  { name: 'links delete', args: '<id>', arity: [1, 1], summary: 'Delete a link (its short URL answers 404 from then on)', isRemote: true, run: deleteLink },
  {
    name: 'links bulk',
    args: '<file>',
    arity: [1, 1],
    summary: 'Create the links of a CSV file (or a JSON array), 1000 a call',
    more: [
      "The CSV file's first row names the columns with the API's field names (targetUrl, title, description, alias, tags, …), as an export writes them;",
      'lists are comma-separated, objects JSON, empty cells left out. Exits 1 when some links could not be made (the others are). - reads stdin.',
    ],
    options: { 'all-or-nothing': { type: 'boolean', about: 'Make none of the links (in that call) if one fails' } },
    isRemote: true,
    run: bulkCreate,
  },
  {
    name: 'stats',
    args: '<id>',
    arity: [1, 1],
    summary: "A link's clicks, scans and previews (paid plans)",
    options: {
      from: { type: 'string', value: 'YYYY-MM-DD', about: 'First day of the period (UTC; default 29 days before --to)' },
      to: { type: 'string', value: 'YYYY-MM-DD', about: 'Last day of the period, included (default today)' },
    },
    isRemote: true,
    run: showStats,
  },
  {
    name: 'qr',
    args: '<id>',
    arity: [1, 1],
    summary: "Download a link's QR code",
    more: ['Without -o it is written to stdout (a PNG only when stdout is not a terminal).'],
    options: {
      output: { type: 'string', short: 'o', value: 'file', about: 'Write it to this file (.svg chooses SVG)' },
      format: { type: 'string', value: 'format', about: 'Image format (default png)', choices: ['png', 'svg'] },
      size: { type: 'string', value: 'px', about: 'Width and height in pixels' },
      margin: { type: 'string', value: 'n', about: 'Quiet zone, in modules' },
      foreground: { type: 'string', value: 'rrggbb', about: 'Colour of the modules' },
      background: { type: 'string', value: 'rrggbb', about: 'Colour behind them' },
      'error-correction': { type: 'string', value: 'level', about: 'How much of the code may be lost', choices: ['L', 'M', 'Q', 'H'] },
      logo: { type: 'string', value: 'url', about: 'An image on Linkcard (POST /api/image) for the centre' },
    },
    isRemote: true,
    run: downloadQr,
  },
  { name: 'whoami', arity: [0, 0], summary: 'The account and key commands speak as', isRemote: true, run: whoami },
  {
    name: 'config set',
    args: '<url|key> [value]',
    arity: [1, 2],
    summary: 'Keep the address or key in the config file (a key left out is read from stdin)',
    isRemote: false,
    run: setSetting,
  },
  { name: 'config get', arity: [0, 0], summary: 'Show the address and key in use, and where each comes from', isRemote: false, run: showSettings },
  { name: 'config unset', args: '<url|key>', arity: [1, 1], summary: 'Remove the address or key from the config file', isRemote: false, run: unsetSetting },
  { name: 'config path', arity: [0, 0], summary: 'Print where the config file is', isRemote: false, run: showConfigPath },
  {
    name: 'completion',
    args: '<bash|zsh|fish>',
    arity: [1, 1],
    summary: 'Print a shell completion script',
    more: ['bash: source <(linkcard completion bash); zsh: source <(linkcard completion zsh); fish: linkcard completion fish > ~/.config/fish/completions/linkcard.fish'],
    isRemote: false,
    run: async ({ args, io }) => {
      if (!SHELLS.includes(args[0] as Shell)) throw usageError(`Completion is for ${SHELLS.join(', ')}, not "${args[0]}".`, 'completion')
      io.out(completionScript(args[0] as Shell, COMMANDS))
    },
  },
  {
    name: 'help',
    args: '[command]',
    arity: [0, 2],
    summary: 'Show the commands, or one command’s usage and options',
    isRemote: false,
    run: async ({ args, io }) => io.out(helpFor(args)),
  },
]

/** The commands of a group (`links`), or none for a word that is no group. */
export const groupOf = (word: string) => COMMANDS.filter((spec) => spec.name.startsWith(`${word} `))

/** The command named by the first words of `words`, and how many words name it. */
export function findCommand(words: string[]) {
  const two = COMMANDS.find((spec) => spec.name === `${words[0]} ${words[1]}`)
  if (two) return { spec: two, length: 2 }
  const one = COMMANDS.find((spec) => spec.name === words[0])
  return one ? { spec: one, length: 1 } : undefined
}

export function helpFor(words: string[]) {
  if (words.length === 0) return overview(COMMANDS)
  const found = findCommand(words)
  if (found) return commandHelp(found.spec)
  if (groupOf(words[0]!).length) return groupHelp(words[0]!, groupOf(words[0]!))
  throw usageError(`No command "${words.join(' ')}".`, '')
}
