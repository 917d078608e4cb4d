import { useState } from 'react'
import { DESCRIPTION_MAX, TITLE_MAX, } from '../../../src/shared/link-rules'
import { ImageUploadButton } from '../../components/image-upload-button'
import { Fold } from '../../components/ui/fold'
import { FormField } from '../../components/ui/form-field'
import { Input, Textarea } from '../../components/ui/input'
import { hasCardTest, type FormErrors, type LinkFormValues } from './link-form-values'
import { UrlInput } from '../../components/url-input'

type CardTest = Pick<LinkFormValues, 'cardVariantTitle' | 'cardVariantDescription' | 'cardVariantImage'>

type CardTestFieldsProps = {
  values: CardTest & Pick<LinkFormValues, 'title' | 'description' | 'ogImage'>
  errors: FormErrors
  onChange: (changes: Partial<CardTest>) => void
}

/**
 * A card test: a second title, description and image that crawlers get in turn with the link's
 * own, so the link's analytics can say which brings more people. Folded away until opened, and
 * open when the link has one or one of its fields is wrong.
 */
export function CardTestFields({ values, errors, onChange }: CardTestFieldsProps) {
  const [isOpen, setIsOpen] = useState(() => hasCardTest(values))
  const hasErrors = Boolean(errors.cardVariantTitle || errors.cardVariantDescription || errors.cardVariantImage)
  const own = (value: string) => value.trim() || 'none'
  return (
    <Fold title="Card test (A/B)" summary={hasCardTest(values) && 'on'} open={isOpen || hasErrors} onToggle={setIsOpen} testId="card-test-fields">
      <div className="mt-3 grid gap-3">
        <p className="text-[13px] text-slate-500">
          A second card that platforms get in turn with the link's own, ten minutes each. The link's analytics show how many people each brought from the posts made with
          it. Leave all three empty for no test.
        </p>
        <FormField label="Second title" error={errors.cardVariantTitle}>
          <Input
            name="cardVariantTitle"
            value={values.cardVariantTitle}
            onChange={(event) => onChange({ cardVariantTitle: event.target.value })}
            maxLength={TITLE_MAX}
            placeholder={`Instead of: ${own(values.title)}`}
          />
        </FormField>
        <FormField label="Second description" error={errors.cardVariantDescription}>
          <Textarea
            name="cardVariantDescription"
            value={values.cardVariantDescription}
            onChange={(event) => onChange({ cardVariantDescription: event.target.value })}
            rows={2}
            maxLength={DESCRIPTION_MAX}
            placeholder={`The link's: ${own(values.description)}`}
          />
        </FormField>
        <FormField
          label="Second image URL"
          error={errors.cardVariantImage}
          action={<ImageUploadButton purpose="card" label="Upload the second image" onUploaded={(uploaded) => onChange({ cardVariantImage: uploaded.url })} />}
        >
          <UrlInput
            name="cardVariantImage"
            value={values.cardVariantImage}
            onValueChange={(cardVariantImage) => onChange({ cardVariantImage })}
            placeholder={`The link's: ${own(values.ogImage)}`}
          />
        </FormField>
      </div>
    </Fold>
  )
}
