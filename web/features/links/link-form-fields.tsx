// The link form's fieldsets: each renders a part of the form from `useLinkForm`'s state, in the
// form's order; the routing and per-platform cards have files of their own.
import { Sparkles, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { TWITTER_CARDS, type TwitterCard } from '../../../src/shared/domain'
import { GOOGLE_PLAY_ID_MAX, PLAYER_SIZE_MAX } from '../../../src/shared/card-rules'
import { CARD_IMAGE_LAYOUT_NAMES, CARD_IMAGE_LAYOUTS, type CardImageLayout } from '../../../src/shared/card-images'
import { ALIAS_MAX, CLICK_LIMIT_MAX, DESCRIPTION_MAX, FORMER_ALIASES_MAX, IMAGE_ALT_MAX, LINK_PASSWORD_MAX, LINK_PASSWORD_MIN, TITLE_MAX, URL_MAX, withHttpsPrefix } from '../../../src/shared/link-rules'
import { ImageUploadButton } from '../../components/image-upload-button'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Fold } from '../../components/ui/fold'
import { FormField } from '../../components/ui/form-field'
import { Input, Textarea } from '../../components/ui/input'
import { Select, type SelectOption } from '../../components/ui/select'
import { cn } from '../../lib/cn'
import { useLinkDomains } from './api'
import { withoutScheme } from './link-view'
import { TagsInput } from './tags-input'
import type { LinkFormState } from './use-link-form'
import { UtmBuilder } from './utm-builder'
import { UrlInput } from '../../components/url-input'

const CARD_LABELS: Record<TwitterCard, string> = {
  summary: 'Summary',
  summary_large_image: 'Summary with large image',
  app: 'App',
  player: 'Player',
}
const CARD_OPTIONS: SelectOption<TwitterCard>[] = TWITTER_CARDS.map((value) => ({ value, label: CARD_LABELS[value] }))

const CARD_IMAGE_OPTIONS: SelectOption<CardImageLayout | 'none'>[] = [
  { value: 'none', label: 'None' },
  ...CARD_IMAGE_LAYOUTS.map((value) => ({ value, label: CARD_IMAGE_LAYOUT_NAMES[value] })),
]

type FieldsProps = { form: LinkFormState }

/** Where the link goes: the target, filled from its page's metadata on request, with campaign parameters. */
export function TargetFields({ form }: FieldsProps) {
  const { set, errors, values, isEdit, isFetching, isSaving } = form
  return (
    <>
      <FormField label="Target URL" error={errors.targetUrl}>
        <UrlInput
          name="targetUrl"
          value={values.targetUrl}
          onValueChange={set('targetUrl')}
          onPaste={(event) => {
            // A whole address pasted over the field fills the card from its page at once, as it would on Dub or Bitly.
            const input = event.currentTarget
            const replacesAll = input.selectionStart === 0 && input.selectionEnd === input.value.length
            const pasted = event.clipboardData.getData('text').trim()
            if (!replacesAll || isEdit || /\s/.test(pasted) || !pasted.includes('.')) return
            event.preventDefault()
            const url = withHttpsPrefix(pasted)
            set('targetUrl')(url)
            void form.loadMetadata(url)
          }}
          autoComplete="url"
          required
          autoFocus={!isEdit}
          placeholder="https://example.com/your-page"
        />
      </FormField>
      <div className="-mt-2 flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => form.loadMetadata()} isLoading={isFetching} disabled={isSaving}>
          {!isFetching && <Sparkles aria-hidden="true" />}
          Fetch metadata
        </Button>
        <span className="text-[13px] text-slate-500">Pasting a URL fills the empty fields below from its page; this reads it again.</span>
      </div>
      <UtmBuilder target={values.targetUrl} onChange={set('targetUrl')} />
    </>
  )
}

/** What the card says, and the tags the link is found by. */
export function ContentFields({ form }: FieldsProps) {
  const { text, errors, values, update } = form
  return (
    <>
      <FormField label="Title" error={errors.title}>
        <Input {...text('title')} required maxLength={TITLE_MAX} placeholder="What people see in bold" />
      </FormField>
      <FormField label="Description">
        <Textarea {...text('description')} rows={3} maxLength={DESCRIPTION_MAX} placeholder="A sentence or two under the title" />
      </FormField>
      <FormField label="Tags (optional)" error={errors.tags} hint="To find the link again: filter the list by a tag.">
        <TagsInput value={values.tags} onChange={(tags) => update({ tags })} />
      </FormField>
    </>
  )
}

// A select item cannot be empty: the service's own address goes by this value.
const OWN_ADDRESS = 'own'

/**
 * The custom domain a link lives on, shown once the account has a verified one (or the link is on
 * one): the service's own address, or a domain; a new link starts on the account's default domain.
 */
function DomainField({ form }: FieldsProps) {
  const { values, errors, update, isEdit, link } = form
  const { data } = useLinkDomains()
  const verified = (data?.domains ?? []).filter((domain) => domain.status !== 'pending')
  const fallback = verified.find((domain) => domain.isDefault && domain.status === 'active')?.hostname
  const [isTouched, setIsTouched] = useState(false)
  // A new link starts on the default domain once the list arrives, unless one was chosen already.
  useEffect(() => {
    if (!isEdit && !isTouched && fallback && values.domain === '') update({ domain: fallback })
  }, [fallback, isEdit, isTouched, values.domain, update])
  const hostnames = new Set([...verified.map((domain) => domain.hostname), ...(link?.domain ? [link.domain] : [])])
  if (hostnames.size === 0) return null
  const options: SelectOption[] = [{ value: OWN_ADDRESS, label: 'Linkcard’s own address' }, ...[...hostnames].map((hostname) => ({ value: hostname, label: hostname }))]
  return (
    <FormField label="Domain" error={errors.domain} hint="Where the short link answers; its alias is unique on that domain.">
      <Select
        value={values.domain || OWN_ADDRESS}
        onValueChange={(value) => {
          setIsTouched(true)
          update({ domain: value === OWN_ADDRESS ? '' : value })
        }}
        options={options}
        aria-label="Domain"
      />
    </FormField>
  )
}

/** The domain and custom alias, whether the alias is free there, and what becomes of a saved one given up and of the old ones kept. */
export function AliasFields({ form }: FieldsProps) {
  const { text, errors, link, alias } = form
  return (
    <>
      <DomainField form={form} />
      <FormField
        label="Custom alias (optional)"
        error={errors.alias ?? alias.problem ?? (alias.answer?.available === false ? alias.answer.message : undefined)}
        hint={
          alias.answer?.available ? (
            <span className="text-emerald-700" data-testid="alias-free">
              “{alias.answer.alias}” is free.
            </span>
          ) : (
            'Letters, numbers, hyphens and underscores. Leave empty for a random short code.'
          )
        }
      >
        <Input {...text('alias')} maxLength={ALIAS_MAX + 10} autoCapitalize="off" autoCorrect="off" spellCheck={false} placeholder="spring-sale" />
      </FormField>
      {alias.dropsSaved && (
        <Alert variant={alias.keepsSaved ? 'info' : 'warning'} title={alias.keepsSaved ? 'The old short URL keeps working' : 'The old short URL will stop working'}>
          <span className="grid gap-2">
            <span>
              {withoutScheme(link!.url)} and QR codes printed with it {alias.keepsSaved ? 'will still lead here.' : 'will answer “not found” once you save.'}
            </span>
            <label className="flex cursor-pointer items-center gap-2 font-medium">
              <input
                type="checkbox"
                checked={alias.keepsSaved}
                disabled={!alias.canKeepSaved}
                onChange={(event) => alias.setKeepSaved(event.target.checked)}
                className="size-4 shrink-0 cursor-pointer accent-brand-600 disabled:cursor-not-allowed"
              />
              Keep “{alias.saved}” as a redirect to this link
            </label>
            {!alias.canKeepSaved && <span>A link keeps at most {FORMER_ALIASES_MAX} old aliases: remove one below to keep this one too.</span>}
          </span>
        </Alert>
      )}
      {(link?.formerAliases.length ?? 0) > 0 && (
        <div className="grid gap-2">
          <span className="text-sm font-medium text-slate-900">Old aliases that still lead here</span>
          <ul className="flex flex-wrap gap-2 empty:hidden">
            {alias.formerAliases.map((former) => (
              <li key={former} className="flex items-center gap-1 rounded-full border border-slate-200 bg-slate-50 py-0.5 pr-1 pl-3 font-mono text-[13px] text-slate-700">
                {former}
                <button
                  type="button"
                  aria-label={`Stop “${former}” leading here`}
                  onClick={() => alias.letGo(former)}
                  className="rounded-full p-1 text-slate-400 hover:bg-slate-200 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          {alias.formerAliases.length < link!.formerAliases.length && (
            <span className="text-[13px] text-amber-800">Once you save, the old aliases removed here answer “not found”.</span>
          )}
        </div>
      )}
    </>
  )
}

/** The card's image: an address or an upload, what the platforms will make of it, and the made image used without one. */
export function ImageFields({ form }: FieldsProps) {
  const { text, set, errors, values, update, image } = form
  return (
    <>
      <FormField
        label="Preview image URL"
        error={errors.ogImage}
        action={
          <ImageUploadButton
            purpose="card"
            label="Upload preview image"
            onUploaded={(uploaded) => {
              set('ogImage')(uploaded.url)
              void image.read(uploaded.url)
            }}
          />
        }
        hint={
          image.notes.length > 0 ? (
            <span className="grid gap-1 text-amber-700" data-testid="image-warnings">
              {image.notes.map((note) => (
                <span key={note}>{note}</span>
              ))}
            </span>
          ) : (
            'Recommended size: 1200x630'
          )
        }
      >
        <Input {...text('ogImage')} onBlur={() => void image.read()} type="url" inputMode="url" maxLength={URL_MAX} placeholder="https://example.com/card.png" />
      </FormField>
      <FormField label="Image description" error={errors.ogImageAlt} hint="Read aloud by screen readers on the platforms that support it.">
        <Input {...text('ogImageAlt')} maxLength={IMAGE_ALT_MAX} placeholder="What the image shows" />
      </FormField>
      <FormField
        label="Made image"
        hint={
          values.ogImage.trim()
            ? 'Used only while the link has no image URL.'
            : 'Without an image URL, Linkcard makes a 1200×630 image of the title, description and site in the accent colour.'
        }
      >
        <Select value={values.cardImage} onValueChange={(cardImage) => update({ cardImage })} options={CARD_IMAGE_OPTIONS} />
      </FormField>
    </>
  )
}

/** The Twitter card type beside the expiry, then the click limit and where visitors go once the link has ended. */
export function CardTypeAndLimitFields({ form }: FieldsProps) {
  const { text, set, errors, values } = form
  return (
    <>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Twitter card" error={errors.twitterCard}>
          <Select value={values.twitterCard} onValueChange={(value) => set('twitterCard')(value)} options={CARD_OPTIONS} />
        </FormField>
        <FormField label="Expires at (optional)" error={errors.expiresAt} hint="Leave empty for a permanent link.">
          <Input {...text('expiresAt')} type="datetime-local" />
        </FormField>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <FormField label="Click limit (optional)" error={errors.clickLimit} hint="Visitors sent to the target.">
          <Input {...text('clickLimit')} type="number" inputMode="numeric" min={1} max={CLICK_LIMIT_MAX} step={1} placeholder="No limit" />
        </FormField>
        <FormField
          label="Fallback URL (optional)"
          error={errors.fallbackUrl}
          hint="Where visitors go once the link expires or reaches its limit; without one they see a page saying it has ended."
        >
          <UrlInput name="fallbackUrl" value={form.values.fallbackUrl} onValueChange={set('fallbackUrl')} placeholder="https://example.com/offer-ended" />
        </FormField>
      </div>
    </>
  )
}

/** The password visitors give before they are sent on. */
export function PasswordFields({ form }: FieldsProps) {
  const { text, errors, values, link } = form
  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <CheckboxRow
        name="asksPassword"
        checked={values.asksPassword}
        onChange={form.setAsksPassword}
        label="Ask for a password"
        description="People give it before they are sent on; link previews still show the card."
      />
      {values.asksPassword && (
        <FormField
          label="Password"
          error={errors.password}
          hint={link?.hasPassword ? 'Leave empty to keep the current password.' : `${LINK_PASSWORD_MIN} to ${LINK_PASSWORD_MAX} characters.`}
        >
          <Input {...text('password')} type="password" autoComplete="new-password" maxLength={LINK_PASSWORD_MAX} placeholder={link?.hasPassword ? 'Unchanged' : undefined} />
        </FormField>
      )}
    </div>
  )
}

/** What X needs for a player or an app card, shown only for that card type. */
export function PlayerOrAppFields({ form }: FieldsProps) {
  const { text, errors, values } = form
  if (values.twitterCard === 'player')
    return (
      <fieldset className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_6rem_6rem]" data-testid="player-fields">
        <legend className="sr-only">Player</legend>
        <FormField label="Player URL" error={errors.playerUrl} hint="The https page X plays in the card; the preview image shows until it starts.">
          <Input {...text('playerUrl')} type="url" inputMode="url" maxLength={URL_MAX} placeholder="https://example.com/embed/video" />
        </FormField>
        <FormField label="Width" error={errors.playerWidth}>
          <Input {...text('playerWidth')} type="number" inputMode="numeric" min={1} max={PLAYER_SIZE_MAX} placeholder="1280" />
        </FormField>
        <FormField label="Height">
          <Input {...text('playerHeight')} type="number" inputMode="numeric" min={1} max={PLAYER_SIZE_MAX} placeholder="720" />
        </FormField>
      </fieldset>
    )
  if (values.twitterCard === 'app')
    return (
      <>
      <fieldset className="grid gap-4 sm:grid-cols-3" data-testid="app-fields">
        <legend className="mb-1 text-[13px] text-slate-500">The app's ids in its stores; X shows its name, icon and rating from there.</legend>
        <FormField label="App Store id (iPhone)" error={errors.appIphone}>
          <Input {...text('appIphone')} inputMode="numeric" maxLength={12} placeholder="284882215" />
        </FormField>
        <FormField label="App Store id (iPad)" error={errors.appIpad}>
          <Input {...text('appIpad')} inputMode="numeric" maxLength={12} placeholder="Same as iPhone" />
        </FormField>
        <FormField label="Google Play id" error={errors.appGoogleplay}>
          <Input {...text('appGoogleplay')} maxLength={GOOGLE_PLAY_ID_MAX} autoCapitalize="off" spellCheck={false} placeholder="com.example.app" />
        </FormField>
      </fieldset>
      <SwitchField form={form} name="appLink" />
      </>
    )
  return null
}

/** The page's canonical address for search engines, and the accent colour Discord draws. */
function CanonicalAndColourFields({ form }: FieldsProps) {
  const { text, set, errors, values } = form
  return (
    <>
      <FormField label="Canonical URL (optional)" error={errors.canonicalUrl} hint="Tells search engines which address is the original; defaults to the target URL.">
        <Input {...text('canonicalUrl')} type="url" inputMode="url" maxLength={URL_MAX} placeholder="https://example.com/original" />
      </FormField>
      <FormField
        label="Accent colour (optional)"
        error={errors.themeColor}
        hint="Discord draws the card's side bar in it; a hex colour like #4f46e5."
        labelAside={
          <input
            type="color"
            aria-label="Pick the accent colour"
            value={/^#[0-9a-f]{6}$/i.test(values.themeColor.trim()) ? values.themeColor.trim() : '#4f46e5'}
            onChange={(event) => set('themeColor')(event.target.value)}
            className="h-7 w-10 cursor-pointer rounded-md border border-slate-300 bg-white p-0.5"
          />
        }
      >
        <Input {...text('themeColor')} maxLength={7} autoCapitalize="off" spellCheck={false} placeholder="#4f46e5" className="font-mono" />
      </FormField>
    </>
  )
}

/**
 * What few links need (query forwarding, the canonical URL, the accent colour), folded away so the
 * form is short; open when the link has one of them set or one is wrong.
 */
export function MoreOptionsFields({ form }: FieldsProps) {
  const { values, errors } = form
  const changed = [values.canonicalUrl.trim(), values.themeColor.trim(), !values.forwardQuery].filter(Boolean).length
  const [isOpen, setIsOpen] = useState(changed > 0)
  const shown = isOpen || Boolean(errors.canonicalUrl || errors.themeColor)
  return (
    <Fold title="More options" summary={changed > 0 && `${changed} set`} open={shown} onToggle={setIsOpen} testId="more-options">
      <div className="mt-3 grid gap-4">
        <SwitchField form={form} name="forwardQuery" />
        <CanonicalAndColourFields form={form} />
      </div>
    </Fold>
  )
}

// The link's on-off settings, each a bordered row of its own.
const SWITCHES = {
  forwardQuery: {
    label: "Pass the visitor's query string on",
    description: 'A visit with ?utm_source=newsletter goes on to the target with it; parameters the target already has keep their values.',
  },
  isActive: { label: 'Active', description: 'Visitors are sent on. Switched off, the link answers 404 until it is switched on again.' },
  appLink: {
    label: 'Open in the app',
    description:
      "On a domain whose app files name the app, iPhones and Android phones open the link in the app; people without it go to its App Store or Google Play page. Other devices go to the target.",
  },
}

/** One of the link's on-off settings: whether visitors' query strings go on, or (editing) whether the link sends visitors on at all. */
export function SwitchField({ form, name }: FieldsProps & { name: keyof typeof SWITCHES }) {
  return (
    <CheckboxRow
      name={name}
      checked={form.values[name]}
      onChange={(checked) => form.update({ [name]: checked })}
      {...SWITCHES[name]}
      className="rounded-lg border border-slate-200 p-3"
    />
  )
}

type CheckboxRowProps = { name: string; checked: boolean; onChange: (checked: boolean) => void; label: string; description: string; className?: string }

/** A switch of the link with what it does, the whole row clickable. */
function CheckboxRow({ name, checked, onChange, label, description, className }: CheckboxRowProps) {
  return (
    <label className={cn('flex cursor-pointer items-start gap-3', className)}>
      <input type="checkbox" name={name} checked={checked} onChange={(event) => onChange(event.target.checked)} className="mt-0.5 size-4 shrink-0 accent-brand-600" />
      <span className="grid gap-0.5">
        <span className="text-sm font-medium text-slate-900">{label}</span>
        <span className="text-[13px] text-slate-500">{description}</span>
      </span>
    </label>
  )
}
