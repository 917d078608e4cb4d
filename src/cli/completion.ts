// `linkcard completion bash|zsh|fish`: a script that completes the commands, their options and the
// options' values, made from the commands' own specs so it cannot fall behind them.
import { optionsOf } from './help'
import type { CommandSpec } from './spec'

export const SHELLS = ['bash', 'zsh', 'fish'] as const
export type Shell = (typeof SHELLS)[number]

const OPERATOR_WORDS = ['grant-admin', 'confirm-email', 'backup']

/** What a group's commands (`links …`) are about, for the shells that describe words. */
const GROUP_SUMMARIES: Record<string, string> = { links: 'Create, list, show, change, delete and bulk create links', config: 'The address and key kept in the config file' }

/** The command words: first words (with what each group's commands are), and each command's options. */
function words(commands: CommandSpec[]) {
  const first = [...new Set(commands.map((spec) => spec.name.split(' ')[0]!))]
  const groups = new Map<string, CommandSpec[]>()
  for (const spec of commands) {
    const [group, sub] = spec.name.split(' ')
    if (sub) groups.set(group!, [...(groups.get(group!) ?? []), spec])
  }
  return { first, groups }
}

const flagsOf = (spec: CommandSpec) =>
  Object.entries(optionsOf(spec)).flatMap(([name, option]) => [`--${name}`, ...(option.type === 'boolean' && option.about.includes(`--no-${name}`) ? [`--no-${name}`] : []), ...(option.short ? [`-${option.short}`] : [])])

const choicesOf = (commands: CommandSpec[]) => {
  const choices = new Map<string, readonly string[]>()
  for (const spec of commands) for (const [name, option] of Object.entries(optionsOf(spec))) if (option.choices) choices.set(name, option.choices)
  return choices
}

function bash(commands: CommandSpec[]) {
  const { first, groups } = words(commands)
  const lines = [
    '# linkcard completion for bash: add to ~/.bashrc',
    '#   source <(linkcard completion bash)',
    '_linkcard() {',
    `  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"`,
    `  local command="\${COMP_WORDS[1]}" sub="\${COMP_WORDS[2]}"`,
    '  case "$prev" in',
    ...[...choicesOf(commands)].map(([name, values]) => `    --${name}) COMPREPLY=($(compgen -W "${values.join(' ')}" -- "$cur")); return ;;`),
    '  esac',
    '  if [ "$COMP_CWORD" -eq 1 ]; then',
    `    COMPREPLY=($(compgen -W "${[...first, ...OPERATOR_WORDS].join(' ')}" -- "$cur")); return`,
    '  fi',
    '  case "$command" in',
    ...[...groups].map(([group, specs]) => `    ${group}) if [ "$COMP_CWORD" -eq 2 ]; then COMPREPLY=($(compgen -W "${specs.map((spec) => spec.name.split(' ')[1]).join(' ')}" -- "$cur")); return; fi; command="$command $sub" ;;`),
    '  esac',
    '  local options=""',
    '  case "$command" in',
    ...commands.map((spec) => `    "${spec.name}") options="${flagsOf(spec).join(' ')}" ;;`),
    '  esac',
    '  if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "$options" -- "$cur")); else COMPREPLY=($(compgen -f -- "$cur")); fi',
    '}',
    'complete -o filenames -F _linkcard linkcard',
  ]
  return lines.join('\n')
}

const zshQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

function zsh(commands: CommandSpec[]) {
  const { first, groups } = words(commands)
  const summaryOf = (word: string) => commands.find((spec) => spec.name === word)?.summary ?? GROUP_SUMMARIES[word] ?? word
  const lines = [
    '#compdef linkcard',
    '# linkcard completion for zsh: add to ~/.zshrc',
    '#   source <(linkcard completion zsh)',
    '_linkcard() {',
    '  local -a items',
    '  case "$words[CURRENT-1]" in',
    ...[...choicesOf(commands)].map(([name, values]) => `    --${name}) compadd -- ${values.join(' ')}; return ;;`),
    '  esac',
    '  if (( CURRENT == 2 )); then',
    `    items=(${[...first.map((word) => `${word}:${summaryOf(word)}`), ...OPERATOR_WORDS.map((word) => `${word}:operator command`)].map(zshQuote).join(' ')})`,
    "    _describe 'command' items; return",
    '  fi',
    '  local command="$words[2]"',
    '  case "$command" in',
    ...[...groups].map(
      ([group, specs]) =>
        `    ${group}) if (( CURRENT == 3 )); then items=(${specs.map((spec) => zshQuote(`${spec.name.split(' ')[1]}:${spec.summary}`)).join(' ')}); _describe 'command' items; return; fi; command="$command $words[3]" ;;`,
    ),
    '  esac',
    '  case "$command" in',
    ...commands.map(
      (spec) =>
        `    ${zshQuote(spec.name)}) items=(${Object.entries(optionsOf(spec))
          .map(([name, option]) => zshQuote(`--${name}:${option.about.replace(/:/g, '\\:')}`))
          .join(' ')}) ;;`,
    ),
    '  esac',
    "  if [[ $PREFIX == -* ]]; then _describe 'option' items; else _files; fi",
    '}',
    'compdef _linkcard linkcard',
  ]
  return lines.join('\n')
}

const fishQuote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

function fish(commands: CommandSpec[]) {
  const { first, groups } = words(commands)
  const lines = ['# linkcard completion for fish: save as ~/.config/fish/completions/linkcard.fish', '#   linkcard completion fish > ~/.config/fish/completions/linkcard.fish', 'complete -c linkcard -f']
  for (const word of first) {
    const spec = commands.find((each) => each.name === word)
    lines.push(`complete -c linkcard -n __fish_use_subcommand -a ${word} -d ${fishQuote(spec?.summary ?? GROUP_SUMMARIES[word] ?? word)}`)
  }
  for (const word of OPERATOR_WORDS) lines.push(`complete -c linkcard -n __fish_use_subcommand -a ${word} -d 'operator command'`)
  for (const [group, specs] of groups) {
    const subs = specs.map((spec) => spec.name.split(' ')[1]).join(' ')
    for (const spec of specs) lines.push(`complete -c linkcard -n '__fish_seen_subcommand_from ${group}; and not __fish_seen_subcommand_from ${subs}' -a ${spec.name.split(' ')[1]} -d ${fishQuote(spec.summary)}`)
  }
  for (const spec of commands) {
    const condition = spec.name
      .split(' ')
      .map((word) => `__fish_seen_subcommand_from ${word}`)
      .join('; and ')
    if (spec.args && /file/.test(spec.args)) lines.push(`complete -c linkcard -n '${condition}' -F`)
    for (const [name, option] of Object.entries(optionsOf(spec))) {
      const value = option.type === 'boolean' ? '' : option.choices ? ` -x -a ${fishQuote(option.choices.join(' '))}` : option.value === 'file' ? ' -r -F' : ' -r'
      lines.push(`complete -c linkcard -n '${condition}' -l ${name}${option.short ? ` -s ${option.short}` : ''}${value} -d ${fishQuote(option.about)}`)
    }
  }
  return lines.join('\n')
}

export function completionScript(shell: Shell, commands: CommandSpec[]) {
  return { bash, zsh, fish }[shell](commands)
}
