import { Sparkles, X } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { TWITTER_CARDS, type TwitterCard } from '../../../src/shared/domain'
import { imageWarnings, type ImageFacts } from '../../../src/shared/image-rules'
import { GOOGLE_PLAY_ID_MAX, PLAYER_SIZE_MAX } from '../../../src/shared/card-rules'
import { CARD_IMAGE_LAYOUT_NAMES, CARD_IMAGE_LAYOUTS, type CardImageLayout } from '../../../src/shared/card-images'
import type { CardPlatform } from '../../../src/shared/platform-cards'
import { ALIAS_MAX, CLICK_LIMIT_MAX, DESCRIPTION_MAX, FORMER_ALIASES_MAX, LINK_PASSWORD_MAX, LINK_PASSWORD_MIN, IMAGE_ALT_MAX, TITLE_MAX, URL_MAX, withHttpsPrefix } from '../../../src/shared/link-rules'
import { ImageUploadButton } from '../../components/image-upload-button'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Input, Textarea } from '../../components/ui/input'
import { Select, type SelectOption } from '../../components/ui/select'
import { ApiError, errorMessage } from '../../lib/api'
import { useBrand } from '../../lib/brand'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { checkImage, createLink, fetchMetadata, updateLink, useAliasAvailability, type Link } from './api'
import {
  EMPTY_LINK_FORM,
  FORM_FIELD_OF,
  formErrors,
  formerAliasesToSend,
  formFromLink,
  madeImageOf,
  mergeMetadata,
  metadataUrlError,
  platformCardsOf,
  tailoredPlatforms,
  toLinkChanges,
  toLinkInput,
  type FormErrorField,
  type FormErrors,
  type LinkField,
  type LinkFormValues,
} from './link-form-values'
import { LinkPreview } from './link-preview'
import { PlatformCardFields } from './platform-card-fields'
import { PlatformPreviews } from './platform-mockups'
import { RoutingFields } from './routing-fields'
import { TagsInput } from './tags-input'
import { UtmBuilder } from './utm-builder'
import { withoutScheme } from './link-view'

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

const FIELD_NAMES: Record<string, string> = { title: 'title', description: 'description', ogImage: 'image', ogImageAlt: 'image description' }

type LinkFormDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The link to edit; without one the dialog creates a new link. */
  link?: Link
  /** A link whose fields a new one starts from (Duplicate); its alias is not taken along. */
  template?: Link
  /** Told of the link just made. */
  onCreated?: (link: Link) => void
}

/** The create and edit modals of /share-links (every field of a link, with the shared rules' messages). */
export function LinkFormDialog({ open, onOpenChange, link, template, onCreated }: LinkFormDialogProps) {
  const [isBusy, setIsBusy] = useState(false)
  return (
    <Dialog open={open} onOpenChange={(next) => !isBusy && onOpenChange(next)}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>{link ? 'Edit Share Link' : template ? 'Duplicate Share Link' : 'Create Share Link'}</DialogTitle>
          <DialogDescription>
            {link ? 'Change where the link goes and how its preview looks.' : 'A short link with the preview you choose on every social network.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the link's saved values. */}
        <LinkForm link={link} template={template} onCreated={onCreated} onBusyChange={setIsBusy} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

type LinkFormProps = Pick<LinkFormDialogProps, 'link' | 'template' | 'onCreated'> & { onBusyChange: (busy: boolean) => void; onDone: () => void }

function LinkForm({ link, template, onCreated, onBusyChange, onDone }: LinkFormProps) {
  const [initial] = useState<LinkFormValues>(() => (link ? formFromLink(link) : template ? { ...formFromLink(template), alias: '', expiresAt: '' } : EMPTY_LINK_FORM))
  const [values, setValues] = useState<LinkFormValues>(initial)
  const [errors, setErrors] = useState<FormErrors>({})
  const [isSaving, setIsSaving] = useState(false)
  const [isFetching, setIsFetching] = useState(false)
  const latest = useRef(values)
  latest.current = values
  const formRef = useRef<HTMLFormElement>(null)
  const isEdit = Boolean(link)

  const set = (field: LinkField) => (value: string) => {
    if (value === values[field]) return
    setValues((current) => ({ ...current, [field]: value }))
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }))
  }
  const text = (field: LinkField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
  })

  // The alias is checked as it is typed, with the exact texts the server would answer, and then
  // asked of the server once typing pauses.
  const aliasProblem = formErrors(values).alias
  const typedAlias = values.alias.trim()
  const savedAlias = link?.alias ?? ''
  const isNewAlias = typedAlias !== '' && typedAlias.toLowerCase() !== savedAlias.toLowerCase()
  const aliasAnswer = useAliasAvailability(typedAlias, isNewAlias && !aliasProblem, link?.id)
  // Changing or removing a saved alias: its short URL and the QR codes printed with it stop working,
  // unless the link keeps it as an old alias (kept ones are listed, each can be let go).
  const dropsAlias = savedAlias !== '' && typedAlias.toLowerCase() !== savedAlias.toLowerCase()
  const [formerAliases, setFormerAliases] = useState(link?.formerAliases ?? [])
  const [keepSavedAlias, setKeepSavedAlias] = useState(true)
  const canKeepSavedAlias = formerAliases.length < FORMER_ALIASES_MAX
  const keepsSavedAlias = dropsAlias && keepSavedAlias && canKeepSavedAlias

  // The image is read by the server when the field is left (and on opening a saved link), so the
  // form can say what the platforms will do with it.
  const [image, setImage] = useState<{ url: string; facts: ImageFacts | null }>()
  async function readImage(url = values.ogImage.trim()) {
    if (!url || metadataUrlError(url) || image?.url === url) return
    try {
      setImage({ url, facts: await checkImage(url) })
    } catch {
      // Not readable now: the form says nothing rather than something wrong.
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the saved link's image
  useEffect(() => void readImage(initial.ogImage.trim()), [])
  const imageNotes = image?.url === values.ogImage.trim() && image.facts ? imageWarnings(image.facts, values.twitterCard) : []
  // The platform whose card is shown and edited, the first with a card of its own to begin with.
  const { data: brand } = useBrand()
  const [platform, setPlatform] = useState<CardPlatform>(() => tailoredPlatforms(initial.platformCards)[0] ?? 'x')

  function busy(next: boolean, setter: (value: boolean) => void) {
    setter(next)
    onBusyChange(next)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problems = formErrors(values, link ? initial : undefined)
    // The first field in the form's order, else one of a country's row.
    const first = (Object.keys(EMPTY_LINK_FORM) as FormErrorField[]).find((field) => problems[field]) ?? (Object.keys(problems) as FormErrorField[]).find((field) => problems[field])
    if (first) {
      // The required-fields sentence names both fields: say it once, at the first one missing.
      if (problems.targetUrl && problems.title) delete problems.title
      setErrors(problems)
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    busy(true, setIsSaving)
    try {
      if (link) {
        const former = formerAliasesToSend(link, formerAliases, values.alias, keepSavedAlias && canKeepSavedAlias)
        await updateLink(link.id, { ...toLinkChanges(values, initial), ...(former && { formerAliases: former }) })
        toast({ title: 'Share link updated', description: values.title.trim() })
      } else {
        // The new link's own dialog says so, with its address to copy and share.
        onCreated?.(await createLink(toLinkInput(values)))
      }
      busy(false, setIsSaving)
      onDone()
    } catch (failure) {
      busy(false, setIsSaving)
      // The server names the field when it can; show its message there as well as in the toast.
      const fieldErrors = failure instanceof ApiError ? (failure.body as { errors?: { field?: string; message?: string }[] } | null)?.errors : undefined
      const byField: FormErrors = {}
      for (const item of fieldErrors ?? []) {
        const field = item.field && (FORM_FIELD_OF[item.field] ?? item.field)
        if (field && item.message && (field in EMPTY_LINK_FORM || field.startsWith('geoTargets.') || field.startsWith('platformCards.'))) byField[field as FormErrorField] = item.message
      }
      setErrors(byField)
      toast({
        title: isEdit ? 'Failed to update share link' : 'Failed to create share link',
        description: errorMessage(failure, '') || undefined,
        variant: 'destructive',
      })
    }
  }

  async function loadMetadata() {
    const url = values.targetUrl.trim()
    const problem = metadataUrlError(url)
    if (problem) {
      setErrors((current) => ({ ...current, targetUrl: problem }))
      return
    }
    busy(true, setIsFetching)
    try {
      const metadata = await fetchMetadata(url)
      // Fields typed while the page was being read are kept: merge into the latest values.
      const { values: merged, filled } = mergeMetadata(latest.current, metadata)
      setValues(merged)
      if (filled.length === 0) toast({ title: 'No new metadata', description: 'The page offers nothing for the fields that are still empty.' })
      else toast({ title: 'Metadata fetched', description: `Filled in the ${filled.map((field) => FIELD_NAMES[field]).join(', ')}.` })
    } catch (failure) {
      if (failure instanceof ApiError)
        toast({ title: 'Failed to fetch metadata', description: errorMessage(failure, 'Could not load the page or extract metadata'), variant: 'destructive' })
      else toast({ title: 'Error fetching metadata', description: 'Check your connection and try again.', variant: 'destructive' })
    } finally {
      busy(false, setIsFetching)
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid content-start gap-4">
        <FormField label="Target URL" error={errors.targetUrl}>
          <Input
            {...text('targetUrl')}
            type="url"
            inputMode="url"
            autoComplete="url"
            required
            autoFocus={!isEdit}
            maxLength={URL_MAX}
            placeholder="https://example.com/your-page"
            onBlur={(event) => set('targetUrl')(withHttpsPrefix(event.target.value))}
          />
        </FormField>
        <div className="-mt-2 flex flex-wrap items-center gap-2">
          <Button variant="outline" size="sm" onClick={loadMetadata} isLoading={isFetching} disabled={isSaving}>
            {!isFetching && <Sparkles aria-hidden="true" />}
            Fetch metadata
          </Button>
          <span className="text-[13px] text-slate-500">Fills the empty fields below from the page itself.</span>
        </div>
        <UtmBuilder target={values.targetUrl} onChange={set('targetUrl')} />
        <FormField label="Title" error={errors.title}>
          <Input {...text('title')} required maxLength={TITLE_MAX} placeholder="What people see in bold" />
        </FormField>
        <FormField label="Description">
          <Textarea {...text('description')} rows={3} maxLength={DESCRIPTION_MAX} placeholder="A sentence or two under the title" />
        </FormField>
        <FormField label="Tags (optional)" error={errors.tags} hint="To find the link again: filter the list by a tag.">
          <TagsInput value={values.tags} onChange={(tags) => setValues((current) => ({ ...current, tags }))} />
        </FormField>
        <FormField
          label="Custom alias (optional)"
          error={errors.alias ?? aliasProblem ?? (aliasAnswer?.available === false ? aliasAnswer.message : undefined)}
          hint={
            aliasAnswer?.available ? (
              <span className="text-emerald-700" data-testid="alias-free">
                “{aliasAnswer.alias}” is free.
              </span>
            ) : (
              'Letters, numbers, hyphens and underscores. Leave empty for a random short code.'
            )
          }
        >
          <Input {...text('alias')} maxLength={ALIAS_MAX + 10} autoCapitalize="off" autoCorrect="off" spellCheck={false} placeholder="spring-sale" />
        </FormField>
        {dropsAlias && (
          <Alert variant={keepsSavedAlias ? 'info' : 'warning'} title={keepsSavedAlias ? 'The old short URL keeps working' : 'The old short URL will stop working'}>
            <span className="grid gap-2">
              <span>
                {withoutScheme(link!.url)} and QR codes printed with it {keepsSavedAlias ? 'will still lead here.' : 'will answer “not found” once you save.'}
              </span>
              <label className="flex cursor-pointer items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  checked={keepsSavedAlias}
                  disabled={!canKeepSavedAlias}
                  onChange={(event) => setKeepSavedAlias(event.target.checked)}
                  className="size-4 shrink-0 cursor-pointer accent-brand-600 disabled:cursor-not-allowed"
                />
                Keep “{savedAlias}” as a redirect to this link
              </label>
              {!canKeepSavedAlias && <span>A link keeps at most {FORMER_ALIASES_MAX} old aliases: remove one below to keep this one too.</span>}
            </span>
          </Alert>
        )}
        {(link?.formerAliases.length ?? 0) > 0 && (
          <div className="grid gap-2">
            <span className="text-sm font-medium text-slate-900">Old aliases that still lead here</span>
            <ul className="flex flex-wrap gap-2 empty:hidden">
              {formerAliases.map((alias) => (
                <li key={alias} className="flex items-center gap-1 rounded-full border border-slate-200 bg-slate-50 py-0.5 pr-1 pl-3 font-mono text-[13px] text-slate-700">
                  {alias}
                  <button
                    type="button"
                    aria-label={`Stop “${alias}” leading here`}
                    onClick={() => setFormerAliases((current) => current.filter((kept) => kept !== alias))}
                    className="rounded-full p-1 text-slate-400 hover:bg-slate-200 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <X className="size-3.5" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
            {formerAliases.length < link!.formerAliases.length && (
              <span className="text-[13px] text-amber-800">Once you save, the old aliases removed here answer “not found”.</span>
            )}
          </div>
        )}
        <FormField
          label="Preview image URL"
          error={errors.ogImage}
          action={
            <ImageUploadButton
              purpose="card"
              label="Upload preview image"
              onUploaded={(uploaded) => {
                set('ogImage')(uploaded.url)
                void readImage(uploaded.url)
              }}
            />
          }
          hint={
            imageNotes.length > 0 ? (
              <span className="grid gap-1 text-amber-700" data-testid="image-warnings">
                {imageNotes.map((note) => (
                  <span key={note}>{note}</span>
                ))}
              </span>
            ) : (
              'Recommended size: 1200x630'
            )
          }
        >
          <Input {...text('ogImage')} onBlur={() => void readImage()} type="url" inputMode="url" maxLength={URL_MAX} placeholder="https://example.com/card.png" />
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
          <Select value={values.cardImage} onValueChange={(value) => setValues((current) => ({ ...current, cardImage: value }))} options={CARD_IMAGE_OPTIONS} />
        </FormField>
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
            <Input
              {...text('fallbackUrl')}
              type="url"
              inputMode="url"
              maxLength={URL_MAX}
              placeholder="https://example.com/offer-ended"
              onBlur={(event) => event.target.value.trim() && set('fallbackUrl')(withHttpsPrefix(event.target.value))}
            />
          </FormField>
        </div>
        <RoutingFields
          values={values}
          errors={errors}
          onChange={(changes) => {
            setValues((current) => ({ ...current, ...changes }))
            // A changed country list may rename its rows' errors: they all go.
            setErrors((current) =>
              Object.fromEntries(
                Object.entries(current).filter(([field]) => !(field in changes) && !(changes.geoTargets && field.startsWith('geoTargets.'))),
              ),
            )
          }}
        />
        <div className="grid gap-3 rounded-lg border border-slate-200 p-3">
          <CheckboxRow
            name="asksPassword"
            checked={values.asksPassword}
            onChange={(asksPassword) => {
              setValues((current) => ({ ...current, asksPassword }))
              if (errors.password) setErrors((current) => ({ ...current, password: undefined }))
            }}
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
        {values.twitterCard === 'player' && (
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
        )}
        {values.twitterCard === 'app' && (
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
        )}
        <PlatformCardFields
          values={values}
          errors={errors}
          platform={platform}
          onPlatformChange={setPlatform}
          onChange={(platform, changes) => {
            setValues((current) => ({ ...current, platformCards: { ...current.platformCards, [platform]: { ...current.platformCards[platform], ...changes } } }))
            setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !Object.keys(changes).some((part) => field === `platformCards.${platform}.${part}`))))
          }}
        />
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
        {isEdit && (
          <CheckboxRow
            name="isActive"
            checked={values.isActive}
            onChange={(isActive) => setValues((current) => ({ ...current, isActive }))}
            label="Active"
            description="Visitors are sent on. Switched off, the link answers 404 until it is switched on again."
            className="rounded-lg border border-slate-200 p-3"
          />
        )}
      </div>
      <div>
        <div className="lg:sticky lg:top-0">
          <div className="grid gap-6">
            <LinkPreview values={values} />
            <PlatformPreviews
              card={{
                title: values.title.trim(),
                description: values.description.trim() || null,
                ogImage: values.ogImage.trim() || null,
                ogImageAlt: values.ogImageAlt.trim() || null,
                themeColor: values.themeColor.trim() || null,
                platformCards: platformCardsOf(values.platformCards),
                madeImage: madeImageOf(values, brand),
              }}
              host={window.location.host}
              facts={image?.url === values.ogImage.trim() ? image.facts : undefined}
              platform={platform}
              onPlatformChange={setPlatform}
            />
          </div>
        </div>
      </div>
      <DialogFooter className="lg:col-span-2">
        <Button variant="outline" onClick={onDone} disabled={isSaving || isFetching}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSaving} disabled={isFetching}>
          {isEdit ? 'Save Changes' : 'Create Link'}
        </Button>
      </DialogFooter>
    </form>
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
