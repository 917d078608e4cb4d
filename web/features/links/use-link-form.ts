import { useEffect, useRef, useState, type FormEvent } from 'react'
import { imageWarnings, type ImageFacts } from '../../../src/shared/image-rules'
import { FORMER_ALIASES_MAX, qualifiedAlias } from '../../../src/shared/link-rules'
import type { CardPlatform } from '../../../src/shared/platform-cards'
import { ApiError, errorMessage, fieldErrorsOf } from '../../lib/api'
import { useBrand } from '../../lib/brand'
import { toast } from '../../lib/toast'
import { checkImage, createLink, fetchMetadata, updateLink, useAliasAvailability, type Link } from './api'
import {
  EMPTY_LINK_FORM,
  FORM_FIELD_OF,
  formErrors,
  dropsSavedAlias,
  formerAliasesToSend,
  formFromLink,
  mergeMetadata,
  metadataUrlError,
  tailoredPlatforms,
  toLinkChanges,
  toLinkInput,
  type FormErrorField,
  type FormErrors,
  type LinkField,
  type LinkFormValues,
  type PlatformCardRow,
  type VariantRow,
} from './link-form-values'

const FIELD_NAMES: Record<string, string> = { title: 'title', description: 'description', ogImage: 'image', ogImageAlt: 'image description' }

export type LinkFormOptions = {
  /** The link to edit; without one the form creates a new link. */
  link?: Link
  /** A link whose fields a new one starts from (Duplicate); its alias is not taken along. */
  template?: Link
  /** Told of the link just made. */
  onCreated?: (link: Link) => void
  /** Told when a call starts or ends, so the dialog does not close under it. */
  onBusyChange: (busy: boolean) => void
  onDone: () => void
}

/** What the link form's fieldsets read and call: `ReturnType` of `useLinkForm`. */
export type LinkFormState = ReturnType<typeof useLinkForm>

/**
 * The link form's state: its values and errors (the shared rules' messages, the server's under the
 * field it names), the alias and image checks made as it is filled in, and its two calls, saving
 * the link and reading the target page's metadata.
 */
export function useLinkForm({ link, template, onCreated, onBusyChange, onDone }: LinkFormOptions) {
  const [initial] = useState<LinkFormValues>(() => (link ? formFromLink(link) : template ? { ...formFromLink(template), alias: '', expiresAt: '' } : EMPTY_LINK_FORM))
  const [values, setValues] = useState<LinkFormValues>(initial)
  const [errors, setErrors] = useState<FormErrors>({})
  const [isSaving, setIsSaving] = useState(false)
  const [isFetching, setIsFetching] = useState(false)
  const latest = useRef(values)
  latest.current = values
  const formRef = useRef<HTMLFormElement>(null)
  const isEdit = Boolean(link)
  const alias = useAliasChange(link, values)
  const image = useImageFacts(values, initial.ogImage.trim())
  const { data: brand } = useBrand()
  // The platform whose card is shown and edited, the first with a card of its own to begin with.
  const [platform, setPlatform] = useState<CardPlatform>(() => tailoredPlatforms(initial.platformCards)[0] ?? 'x')

  const set = (field: LinkField) => (value: string) => {
    if (value === values[field]) return
    setValues((current) => ({ ...current, [field]: value }))
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }))
  }
  /** A text input's name, value and onChange. */
  const text = (field: LinkField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
  })
  /** Values whose errors, if any, stay until the next save. */
  const update = (changes: Partial<LinkFormValues>) => setValues((current) => ({ ...current, ...changes }))

  function changeRouting(changes: Partial<Pick<LinkFormValues, 'iosUrl' | 'androidUrl' | 'geoTargets'>>) {
    update(changes)
    // A changed country list may rename its rows' errors: they all go.
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !(field in changes) && !(changes.geoTargets && field.startsWith('geoTargets.')))),
    )
  }

  function changeCardTest(changes: Partial<Pick<LinkFormValues, 'cardVariantTitle' | 'cardVariantDescription' | 'cardVariantImage'>>) {
    update(changes)
    // Filling any field asks for the title: the errors go with any change.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith('cardVariant'))))
  }

  function changeVariants(variants: VariantRow[]) {
    update({ variants })
    // Rows renumber as they come and go: the test's errors all go.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== 'variants' && !field.startsWith('variants.'))))
  }

  function changePlatformCard(platform: CardPlatform, changes: Partial<PlatformCardRow>) {
    setValues((current) => ({ ...current, platformCards: { ...current.platformCards, [platform]: { ...current.platformCards[platform], ...changes } } }))
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !Object.keys(changes).some((part) => field === `platformCards.${platform}.${part}`))))
  }

  function setAsksPassword(asksPassword: boolean) {
    update({ asksPassword })
    if (errors.password) setErrors((current) => ({ ...current, password: undefined }))
  }

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
        const former = formerAliasesToSend(link, alias.formerAliases, values, alias.keepSaved && alias.canKeepSaved)
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
      const byField: FormErrors = {}
      for (const item of fieldErrorsOf(failure)) {
        const field = item.field && (FORM_FIELD_OF[item.field] ?? item.field)
        if (field && item.message && (field in EMPTY_LINK_FORM || field.startsWith('geoTargets.') || field.startsWith('variants.') || field.startsWith('platformCards.'))) byField[field as FormErrorField] = item.message
      }
      setErrors(byField)
      toast({
        title: isEdit ? 'Failed to update share link' : 'Failed to create share link',
        description: errorMessage(failure, '') || undefined,
        variant: 'destructive',
      })
    }
  }

  /** Fills the empty fields from the target's page: on request (`url` unset: the field's), or at once for a pasted URL, quietly when nothing is found. */
  async function loadMetadata(pasted?: string) {
    const url = (pasted ?? values.targetUrl).trim()
    const problem = metadataUrlError(url)
    if (problem) {
      if (!pasted) setErrors((current) => ({ ...current, targetUrl: problem }))
      return
    }
    busy(true, setIsFetching)
    try {
      const metadata = await fetchMetadata(url)
      // Fields typed while the page was being read are kept: merge into the latest values.
      const { values: merged, filled } = mergeMetadata(latest.current, metadata)
      setValues(merged)
      if (filled.length === 0) {
        if (!pasted) toast({ title: 'No new metadata', description: 'The page offers nothing for the fields that are still empty.' })
      } else toast({ title: 'Metadata fetched', description: `Filled in the ${filled.map((field) => FIELD_NAMES[field]).join(', ')}.` })
    } catch (failure) {
      // A pasted URL whose page cannot be read leaves the fields to be typed: no error for what was not asked.
      if (pasted) return
      if (failure instanceof ApiError)
        toast({ title: 'Failed to fetch metadata', description: errorMessage(failure, 'Could not load the page or extract metadata'), variant: 'destructive' })
      else toast({ title: 'Error fetching metadata', description: 'Check your connection and try again.', variant: 'destructive' })
    } finally {
      busy(false, setIsFetching)
    }
  }

  return {
    formRef,
    link,
    isEdit,
    values,
    errors,
    set,
    text,
    update,
    changeRouting,
    changeVariants,
    changeCardTest,
    changePlatformCard,
    setAsksPassword,
    alias,
    image,
    brand,
    platform,
    setPlatform,
    isSaving,
    isFetching,
    submit,
    loadMetadata,
  }
}

/**
 * The alias as it is typed: checked with the exact texts the server would answer, then asked of
 * the server once typing pauses. Changing or removing a saved alias stops its short URL and the QR
 * codes printed with it working, unless the link keeps it as an old alias (kept ones are listed,
 * each can be let go).
 */
function useAliasChange(link: Link | undefined, values: LinkFormValues) {
  const problem = formErrors(values).alias
  const typed = values.alias.trim()
  const saved = link?.alias ? qualifiedAlias(link.domain, link.alias) : ''
  const dropsSaved = link ? dropsSavedAlias(link, values) : false
  // Asked of the server when it would be a new alias where the link lives.
  const isNew = typed !== '' && (!link?.alias || dropsSaved)
  const answer = useAliasAvailability(typed, isNew && !problem, link?.id, values.domain)
  const [formerAliases, setFormerAliases] = useState(link?.formerAliases ?? [])
  const [keepSaved, setKeepSaved] = useState(true)
  const canKeepSaved = formerAliases.length < FORMER_ALIASES_MAX
  return {
    problem,
    answer,
    saved,
    dropsSaved,
    keepSaved,
    setKeepSaved,
    canKeepSaved,
    keepsSaved: dropsSaved && keepSaved && canKeepSaved,
    formerAliases,
    letGo: (alias: string) => setFormerAliases((current) => current.filter((kept) => kept !== alias)),
  }
}

/**
 * The preview image as the server reads it, when the field is left, an image is uploaded, and on
 * opening a saved link, so the form can say what the platforms will do with it.
 */
function useImageFacts(values: LinkFormValues, initialUrl: string) {
  const [image, setImage] = useState<{ url: string; facts: ImageFacts | null }>()
  async function read(url = values.ogImage.trim()) {
    if (!url || metadataUrlError(url) || image?.url === url) return
    try {
      setImage({ url, facts: await checkImage(url) })
    } catch {
      // Not readable now: the form says nothing rather than something wrong.
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the saved link's image
  useEffect(() => void read(initialUrl), [])
  const facts = image?.url === values.ogImage.trim() ? image.facts : undefined
  return { read, facts, notes: facts ? imageWarnings(facts, values.twitterCard) : [] }
}
