import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { UTM_FIELDS, type Utm } from '../../../src/shared/tracking'
import { UTM_PRESET_NAME_MAX, utmPresetNameError } from '../../../src/shared/utm-presets'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select } from '../../components/ui/select'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { createUtmPreset, deleteUtmPreset, useUtmPresets, type UtmPreset } from './api'

const valuesOf = (preset: UtmPreset): Utm => Object.fromEntries(UTM_FIELDS.map((field) => [field, preset[field] ?? ''])) as Utm

type UtmPresetsProps = { utm: Utm; onApply: (utm: Utm) => void }

/** The presets and the one applied, and naming a new one from the fields as they are: checked with the shared rules, then saved. */
function useUtmPresetForm({ utm, onApply }: UtmPresetsProps) {
  const { data: presets = [] } = useUtmPresets()
  const [chosenId, setChosenId] = useState<string>()
  const [isNaming, setIsNaming] = useState(false)
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  const chosen = presets.find((preset) => preset.id === chosenId)
  const hasValues = UTM_FIELDS.some((field) => utm[field])

  function apply(id: string) {
    const preset = presets.find((candidate) => candidate.id === id)
    if (!preset) return
    setChosenId(id)
    onApply(valuesOf(preset))
  }

  function stopNaming() {
    setIsNaming(false)
    setName('')
    setProblem(null)
  }

  async function save() {
    const trimmed = name.trim()
    const invalid = utmPresetNameError(trimmed)
    if (invalid) return setProblem(invalid)
    setIsSaving(true)
    try {
      const preset = await createUtmPreset({ name: trimmed, ...utm })
      setChosenId(preset.id)
      stopNaming()
      toast({ title: 'Preset saved', description: preset.name })
    } catch (failure) {
      setProblem(errorMessage(failure, 'The preset could not be saved.'))
    } finally {
      setIsSaving(false)
    }
  }

  async function remove(preset: UtmPreset) {
    try {
      await deleteUtmPreset(preset.id)
      setChosenId(undefined)
      toast({ title: 'Preset deleted', description: preset.name })
    } catch (failure) {
      toast({ title: 'The preset could not be deleted', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    }
  }

  function rename(value: string) {
    setName(value)
    setProblem(null)
  }

  return { presets, chosen, hasValues, apply, remove, isNaming, startNaming: () => setIsNaming(true), stopNaming, name, rename, problem, isSaving, save }
}

/** The account's UTM presets in the builder: one applied fills the five fields; the fields as they are can be saved as one. */
export function UtmPresets(props: UtmPresetsProps) {
  const { presets, chosen, hasValues, apply, remove, isNaming, startNaming, stopNaming, name, rename, problem, isSaving, save } = useUtmPresetForm(props)
  return (
    <div className="mt-3 grid gap-2" data-testid="utm-presets">
      <div className="flex flex-wrap items-end gap-2">
        <FormField label="Preset" className="min-w-48 flex-1">
          <Select
            // Remounted when the choice goes (a deleted preset), so the placeholder shows again.
            key={chosen?.id ?? 'none'}
            value={chosen?.id}
            onValueChange={apply}
            options={presets.map((preset) => ({ value: preset.id, label: preset.name }))}
            placeholder={presets.length > 0 ? 'Apply a preset' : 'No presets yet'}
            disabled={presets.length === 0}
          />
        </FormField>
        {chosen && (
          <Button type="button" variant="outline" size="icon" aria-label={`Delete preset ${chosen.name}`} title="Delete this preset" onClick={() => void remove(chosen)}>
            <Trash2 aria-hidden="true" />
          </Button>
        )}
        {!isNaming && (
          <Button type="button" variant="outline" onClick={startNaming} disabled={!hasValues} title={hasValues ? undefined : 'Fill in a parameter first'}>
            Save as preset
          </Button>
        )}
      </div>
      {isNaming && (
        <div className="grid gap-2 rounded-lg bg-slate-50 p-3">
          <FormField label="Preset name" error={problem}>
            <Input
              autoFocus
              value={name}
              maxLength={UTM_PRESET_NAME_MAX}
              placeholder="Spring newsletter"
              onChange={(event) => rename(event.target.value)}
              onKeyDown={(event) => {
                // Enter saves the preset, not the link.
                if (event.key === 'Enter') {
                  event.preventDefault()
                  void save()
                }
              }}
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={stopNaming}>
              Cancel
            </Button>
            <Button type="button" onClick={() => void save()} isLoading={isSaving}>
              Save preset
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}
