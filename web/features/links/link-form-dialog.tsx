import { useRef, useState } from 'react'
import { Eye } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog'
import {
  AliasFields,
  CardTypeAndLimitFields,
  ContentFields,
  ImageFields,
  MoreOptionsFields,
  PasswordFields,
  PlayerOrAppFields,
  SwitchField,
  TargetFields,
} from './link-form-fields'
import { madeImageOf, platformCardsOf } from './link-form-values'
import { LinkPreview } from './link-preview'
import { PlatformCardFields } from './platform-card-fields'
import { PlatformPreviews } from './platform-mockups'
import { CardTestFields } from './card-test-fields'
import { RoutingFields } from './routing-fields'
import { VariantFields } from './variant-fields'
import { useLinkForm, type LinkFormOptions, type LinkFormState } from './use-link-form'

type LinkFormDialogProps = Pick<LinkFormOptions, 'link' | 'template' | 'onCreated'> & {
  open: boolean
  onOpenChange: (open: boolean) => void
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

/** The fields in their order beside the previews, which stay in view on wide screens. */
function LinkForm(options: LinkFormOptions) {
  const form = useLinkForm(options)
  const { values, errors, isEdit, isSaving, isFetching } = form
  const previews = useRef<HTMLDivElement>(null)
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid content-start gap-4">
        <TargetFields form={form} />
        <ContentFields form={form} />
        <AliasFields form={form} />
        <ImageFields form={form} />
        <CardTypeAndLimitFields form={form} />
        <RoutingFields values={values} errors={errors} onChange={form.changeRouting} />
        <VariantFields values={values} errors={errors} onChange={form.changeVariants} />
        <PasswordFields form={form} />
        <PlayerOrAppFields form={form} />
        <PlatformCardFields values={values} errors={errors} platform={form.platform} onPlatformChange={form.setPlatform} onChange={form.changePlatformCard} />
        <CardTestFields values={values} errors={errors} onChange={form.changeCardTest} />
        <MoreOptionsFields form={form} />
        {isEdit && <SwitchField form={form} name="isActive" />}
      </div>
      <div ref={previews} className="scroll-mt-4">
        <Previews form={form} />
      </div>
      {/* Kept at the bottom of the dialog as it scrolls: the button, and on a phone the way to the previews below the fields, always in reach. */}
      <DialogFooter className="sticky bottom-0 z-10 -mx-6 -mb-6 flex-row items-center justify-end border-t border-slate-200 bg-white/95 px-6 py-3 backdrop-blur lg:col-span-2">
        <Button variant="ghost" className="mr-auto lg:hidden" onClick={() => previews.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}>
          <Eye aria-hidden="true" />
          Preview
        </Button>
        <Button variant="outline" onClick={options.onDone} disabled={isSaving || isFetching}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSaving} disabled={isFetching}>
          {isEdit ? 'Save Changes' : 'Create Link'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** The link's preview and each platform's card, as the form stands. */
function Previews({ form }: { form: LinkFormState }) {
  const { values } = form
  return (
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
              madeImage: madeImageOf(values, form.brand),
            }}
            host={window.location.host}
            facts={form.image.facts}
            platform={form.platform}
            onPlatformChange={form.setPlatform}
          />
        </div>
      </div>
    </div>
  )
}
