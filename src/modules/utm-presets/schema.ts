import { t } from 'elysia'
import { nullableTextCheckedByService, textCheckedByService } from '../../platform/schema'
import { UTM_VALUE_MAX } from '../../shared/tracking'
import { UTM_PRESET_MESSAGES, UTM_PRESET_NAME_MAX } from '../../shared/utm-presets'
import { SINGLE_LINE_PATTERN } from '../../shared/text'

const value = (field: string) =>
  t.Optional(
    nullableTextCheckedByService(
      { maxLength: UTM_VALUE_MAX, pattern: SINGLE_LINE_PATTERN },
      { description: `utm_${field}; blank or null for none` },
    ),
  )

const presetFields = {
  name: textCheckedByService({ minLength: 1, maxLength: UTM_PRESET_NAME_MAX, pattern: SINGLE_LINE_PATTERN }, { error: UTM_PRESET_MESSAGES.name }),
  source: value('source'),
  medium: value('medium'),
  campaign: value('campaign'),
  term: value('term'),
  content: value('content'),
}

export const UtmPresetInput = t.Object(presetFields)
export type UtmPresetInput = typeof UtmPresetInput.static
export const UtmPresetChanges = t.Partial(t.Object(presetFields))
export type UtmPresetChanges = typeof UtmPresetChanges.static

const shown = (field: string) => t.Nullable(t.String({ description: `utm_${field}; null for none` }))

export const UtmPreset = t.Object({
  id: t.String(),
  name: t.String(),
  source: shown('source'),
  medium: shown('medium'),
  campaign: shown('campaign'),
  term: shown('term'),
  content: shown('content'),
})
export type UtmPreset = typeof UtmPreset.static
