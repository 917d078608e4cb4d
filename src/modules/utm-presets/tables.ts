import { defineTables, id, stamp } from '../../platform/db/kit'
import { accountIdColumn } from '../accounts/tables'

export const utmPresetTables = defineTables((k) => ({
  // An account's named sets of campaign parameters; a name is unique in the account however it is
  // written (name_key is nameKey(name): Unicode-normalised, case-folded). A parameter the preset
  // leaves unset is null.
  utmPresets: k.table(
    'utm_presets',
    {
      id: id(k),
      accountId: accountIdColumn(k),
      name: k.text('name').notNull(),
      nameKey: k.text('name_key').notNull(),
      source: k.text('source'),
      medium: k.text('medium'),
      campaign: k.text('campaign'),
      term: k.text('term'),
      content: k.text('content'),
      createdAt: stamp(k, 'created_at'),
    },
    (t) => [k.uniqueIndex('utm_presets_account_name_idx').on(t.accountId, t.nameKey)],
  ),
}))
