import { useEffect, useRef, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { FormField } from '../../components/ui/form-field'
import { Select } from '../../components/ui/select'
import { useCan, useIsAuthenticated } from '../../lib/session'
import { useApiKeys, type ApiKey } from './api'
import { keyWorks } from './key-status'
import { rememberedKeySecret } from './remembered-keys'

const PASTE = 'paste'

const linkClass = 'font-medium text-brand-600 underline-offset-4 hover:underline'

/**
 * Try It Out's choice among the account's keys, for someone who may manage them. A key made or
 * rolled in this tab fills itself in (`onKey`); the secret of any other was shown once and is not
 * kept, so it is rolled or pasted. `?key=<id>` picks one on arrival (from a dialog's "Try it in the docs").
 */
export function TesterKeyPicker({ onKey }: { onKey: (key: string) => void }) {
  const isSignedIn = useIsAuthenticated()
  const canManage = useCan('integrations:manage')
  const mayManage = isSignedIn && canManage
  const { data: keys } = useApiKeys(mayManage)
  const asked = new URLSearchParams(useSearch()).get('key')
  const [picked, setPicked] = useState(PASTE)
  const field = useRef<HTMLDivElement>(null)
  const working = keys?.filter((key) => keyWorks(key)) ?? []

  function pick(id: string) {
    setPicked(id)
    onKey((id !== PASTE && rememberedKeySecret(id)) || '')
  }

  // Once the keys are in: the key asked for in the address, brought into view.
  const isAsked = working.some((key) => key.id === asked)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per key asked for, not on every change of the list
  useEffect(() => {
    if (!asked || !isAsked) return
    pick(asked)
    field.current?.scrollIntoView({ block: 'center' })
  }, [asked, isAsked])

  if (!mayManage || !keys) return null
  if (working.length === 0)
    return (
      <p className="text-sm text-slate-600">
        No API keys yet.{' '}
        <Link href="/api-keys" className={linkClass}>
          Create one
        </Link>{' '}
        to try the API with it.
      </p>
    )
  const chosen = working.find((key) => key.id === picked)
  const isForgotten = chosen !== undefined && !rememberedKeySecret(chosen.id)
  return (
    <div ref={field}>
      <FormField
        label="Your keys"
        hint={
          isForgotten ? (
            <span data-testid="key-not-remembered">
              Its secret is only shown once:{' '}
              <Link href="/api-keys" className={linkClass}>
                Roll it
              </Link>{' '}
              or paste it below.
            </span>
          ) : (
            'A key made or rolled in this tab fills in the API Key field.'
          )
        }
      >
        <Select value={chosen ? picked : PASTE} onValueChange={pick} options={[{ value: PASTE, label: 'Paste a key' }, ...working.map(option)]} />
      </FormField>
    </div>
  )
}

const option = (key: ApiKey) => ({ value: key.id, label: `${key.name} (${key.maskedKey})` })
