import { useEffect, useState } from 'react'
import { DESCRIPTION_MAX, TITLE_MAX, } from '../../../src/shared/link-rules'
import { CARD_PLATFORM_NAMES, CARD_PLATFORMS, type CardPlatform } from '../../../src/shared/platform-cards'
import { Fold } from '../../components/ui/fold'
import { FormField } from '../../components/ui/form-field'
import { ImageUploadButton } from '../../components/image-upload-button'
import { Input, Textarea } from '../../components/ui/input'
import { PlatformPicker } from './platform-picker'
import { tailoredPlatforms, type FormErrors, type LinkFormValues, type PlatformCardRow } from './link-form-values'
import { UrlInput } from '../../components/url-input'

type PlatformCardFieldsProps = {
  values: Pick<LinkFormValues, 'platformCards' | 'title' | 'description' | 'ogImage'>
  errors: FormErrors
  onChange: (platform: CardPlatform, changes: Partial<PlatformCardRow>) => void
  /** The platform shown, shared with the form's preview. */
  platform: CardPlatform
  onPlatformChange: (platform: CardPlatform) => void
}

/**
 * A card of its own for one platform: the title, description or image only its crawler gets, each
 * falling back to the link's. Folded away until opened, and open when the link has some or one of
 * them is wrong; the platform with an error is the one shown.
 */
export function PlatformCardFields({ values, errors, onChange, platform: chosen, onPlatformChange }: PlatformCardFieldsProps) {
  const tailored = tailoredPlatforms(values.platformCards)
  const withError = CARD_PLATFORMS.find((platform) => Object.keys(errors).some((field) => field.startsWith(`platformCards.${platform}.`) && errors[field as keyof FormErrors]))
  const [isOpen, setIsOpen] = useState(() => tailored.length > 0)
  // The platform with an error stays chosen once it is put right.
  // biome-ignore lint/correctness/useExhaustiveDependencies: when another platform has an error
  useEffect(() => {
    if (withError) onPlatformChange(withError)
  }, [withError])
  const platform = withError ?? chosen
  const row = values.platformCards[platform]
  const name = CARD_PLATFORM_NAMES[platform]
  const field = (part: keyof PlatformCardRow) => `platformCards.${platform}.${part}` as const
  const own = (value: string) => value.trim() || 'none'

  return (
    <Fold title="Cards per platform" summary={tailored.map((name) => CARD_PLATFORM_NAMES[name]).join(', ')} open={isOpen || Boolean(withError)} onToggle={setIsOpen} testId="platform-card-fields">
      <div className="mt-3 grid gap-3">
        <p className="text-[13px] text-slate-500">
          Give one platform its own title, description or image, such as a square image for WhatsApp or a shorter title for X. Only that platform's previews show it;
          what you leave empty is the link's own.
        </p>
        <PlatformPicker platform={platform} onChange={onPlatformChange} legend="Platform" marked={tailored} markLabel="tailored" look="outline" />
        <div className="grid gap-3" data-testid="platform-card" data-platform={platform}>
          <FormField label={`${name} title`} error={errors[field('title')]}>
            <Input
              name={field('title')}
              value={row.title}
              onChange={(event) => onChange(platform, { title: event.target.value })}
              maxLength={TITLE_MAX}
              placeholder={`The link's: ${own(values.title)}`}
            />
          </FormField>
          <FormField label={`${name} description`} error={errors[field('description')]}>
            <Textarea
              name={field('description')}
              value={row.description}
              onChange={(event) => onChange(platform, { description: event.target.value })}
              rows={2}
              maxLength={DESCRIPTION_MAX}
              placeholder={`The link's: ${own(values.description)}`}
            />
          </FormField>
          <FormField
            label={`${name} image URL`}
            error={errors[field('ogImage')]}
            action={<ImageUploadButton purpose="card" label={`Upload ${name} image`} onUploaded={(uploaded) => onChange(platform, { ogImage: uploaded.url })} />}
          >
            <UrlInput
              name={field('ogImage')}
              value={row.ogImage}
              onValueChange={(ogImage) => onChange(platform, { ogImage })}
              placeholder={`The link's: ${own(values.ogImage)}`}
            />
          </FormField>
        </div>
      </div>
    </Fold>
  )
}
