// UTM presets: an account's named sets of campaign parameters, which the link form's UTM builder
// applies to a target in one go.
import { AppError, fieldError } from '../../platform/errors'
import { isUniqueViolation, type Db } from '../../platform/db'
import { log } from '../../platform/log'
import { UTM_FIELDS } from '../../shared/tracking'
import { UTM_PRESET_MESSAGES, UTM_PRESETS_PER_ACCOUNT_MAX, utmPresetKey, utmPresetNameError, utmValueError } from '../../shared/utm-presets'
import { type AccountCap, withinAccountCap } from '../accounts/service'
import * as repo from './repo'
import type { UtmPreset, UtmPresetChanges, UtmPresetInput } from './schema'

type Owner = { accountId: string }

const toJson = ({ id, name, source, medium, campaign, term, content }: repo.UtmPresetRow): UtmPreset => ({ id, name, source, medium, campaign, term, content })

export const listUtmPresets = async (owner: Owner): Promise<UtmPreset[]> => (await repo.listUtmPresets(owner.accountId)).map(toJson)

function checkedName(name: string) {
  const trimmed = name.trim()
  const problem = utmPresetNameError(trimmed)
  if (problem) throw fieldError('invalid', 'name', problem)
  return trimmed
}

/** The parameters given, trimmed and checked; blank means none (null). */
function checkedValues(input: UtmPresetChanges) {
  const values: Partial<Record<(typeof UTM_FIELDS)[number], string | null>> = {}
  for (const field of UTM_FIELDS) {
    const given = input[field]
    if (given === undefined) continue
    const trimmed = given?.trim() ?? ''
    const problem = utmValueError(field, trimmed)
    if (problem) throw fieldError('invalid', field, problem)
    values[field] = trimmed || null
  }
  return values
}

const nameTaken = (): never => {
  throw fieldError('conflict', 'name', UTM_PRESET_MESSAGES.taken)
}

export async function createUtmPreset(owner: Owner, input: UtmPresetInput): Promise<UtmPreset> {
  const name = checkedName(input.name)
  const values = checkedValues(input)
  const cap: AccountCap = { limit: UTM_PRESETS_PER_ACCOUNT_MAX, count: (tx) => repo.countUtmPresets(owner.accountId, tx), refusal: () => new AppError('invalid', UTM_PRESET_MESSAGES.tooMany) }
  try {
    return toJson(await withinAccountCap(owner.accountId, cap, (tx) => repo.insertUtmPreset({ accountId: owner.accountId, name, nameKey: utmPresetKey(name), ...values }, tx)))
  } catch (error) {
    if (isUniqueViolation(error)) nameTaken()
    throw error
  }
}

/** Renames one of the account's presets or changes its parameters. */
export async function updateUtmPreset(owner: Owner, id: string, changes: UtmPresetChanges): Promise<UtmPreset> {
  const name = changes.name === undefined ? undefined : checkedName(changes.name)
  const columns = { ...(name !== undefined && { name, nameKey: utmPresetKey(name) }), ...checkedValues(changes) }
  let row: repo.UtmPresetRow | undefined
  try {
    row = Object.keys(columns).length > 0 ? await repo.updateUtmPreset(owner.accountId, id, columns) : await repo.findUtmPreset(owner.accountId, id)
  } catch (error) {
    if (isUniqueViolation(error)) nameTaken()
    throw error
  }
  if (!row) throw new AppError('not_found', UTM_PRESET_MESSAGES.notFound)
  return toJson(row)
}

export async function deleteUtmPreset(owner: Owner, id: string) {
  if (!(await repo.deleteUtmPreset(owner.accountId, id))) throw new AppError('not_found', UTM_PRESET_MESSAGES.notFound)
}

/**
 * Keys the presets stored before names were compared after Unicode normalisation (utmPresetKey)
 * again. Two of one account that now read the same both stay (each holds parameters of its own):
 * the one that finds the key taken keeps its old key until it is renamed or deleted.
 */
export async function rekeyUtmPresets(tx: Db) {
  for (const preset of await repo.presetsBeyondAscii(tx)) {
    const key = utmPresetKey(preset.name)
    if (key !== preset.nameKey && !(await repo.setPresetKeyWhereFree(preset, key, tx))) log.warn('UTM preset names alike kept apart', { presetId: preset.id, accountId: preset.accountId })
  }
}
