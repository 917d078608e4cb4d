import { useEffect, useState, type FormEvent } from 'react'
import { CARD_IMAGE_DEFAULT_COLOR } from '../../../src/shared/card-images'
import { THEME_COLOR_PATTERN } from '../../../src/shared/card-rules'
import { ImageUploadButton } from '../../components/image-upload-button'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { LoadingState } from '../../components/ui/spinner'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { MadeImage } from '../../components/made-image'
import { saveBrand, useBrand } from '../../lib/brand'

const isColor = (value: string) => new RegExp(THEME_COLOR_PATTERN).test(value)

/** The brand as saved, the colour and logo being chosen, and saving them; a colour is checked with the shared pattern. */
function useBrandForm() {
  const { data: saved, error: loadError } = useBrand()
  const [color, setColor] = useState('')
  const [logo, setLogo] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  useEffect(() => {
    if (!saved) return
    setColor(saved.color ?? '')
    setLogo(saved.logo)
  }, [saved])

  async function submit(event: FormEvent) {
    event.preventDefault()
    const typed = color.trim()
    if (typed && !isColor(typed)) return setError('Give the colour as #rrggbb, for example #0f766e.')
    setError(null)
    setIsSaving(true)
    try {
      await saveBrand({ color: typed || null, logo })
      toast({ title: 'Brand saved', description: 'Made card images show it from now on.' })
    } catch (failure) {
      toast({ title: 'Failed to save the brand', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    } finally {
      setIsSaving(false)
    }
  }

  return { saved, loadError, color, setColor, logo, setLogo, error, isSaving, submit }
}

/** The account's colour and logo on the card images Linkcard makes, with the image as it will look. */
export function BrandCard() {
  const { saved, loadError, color, setColor, logo, setLogo, error, isSaving, submit } = useBrandForm()
  const shown = isColor(color.trim()) ? color.trim() : CARD_IMAGE_DEFAULT_COLOR
  return (
    <Card>
      <form onSubmit={submit} aria-label="Brand">
        <CardHeader>
          <CardTitle>Brand</CardTitle>
          <CardDescription>The colour and logo of the card images Linkcard makes for links without an image. A link's own accent colour goes first.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {loadError && !saved && <p className="text-sm text-red-600">The brand could not be loaded.</p>}
          {!saved && !loadError && <LoadingState />}
          {saved && (
            <>
              <FormField label="Colour" error={error} hint="As #rrggbb; empty for Linkcard's indigo.">
                <Input value={color} onChange={(event) => setColor(event.target.value)} placeholder={CARD_IMAGE_DEFAULT_COLOR} maxLength={7} className="max-w-40" />
              </FormField>
              <div className="grid gap-1.5">
                <span className="text-sm font-medium text-slate-900">Logo</span>
                <div className="flex flex-wrap items-center gap-3">
                  {logo ? <img src={logo} alt="Your logo" className="h-10 max-w-40 rounded border border-slate-200 object-contain p-1" /> : <span className="text-sm text-slate-500">No logo</span>}
                  <ImageUploadButton purpose="logo" label="Upload logo" onUploaded={(uploaded) => setLogo(uploaded.url)} />
                  {logo && (
                    <Button type="button" variant="ghost" onClick={() => setLogo(null)}>
                      Remove logo
                    </Button>
                  )}
                </div>
              </div>
              <MadeImage
                content={{ layout: 'classic', title: 'Your link title', description: 'What the link is about, in a line or two.', site: 'example.com', color: shown, logo }}
                className="aspect-[1200/630] w-full max-w-md rounded-lg border border-slate-200"
              />
            </>
          )}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" isLoading={isSaving} disabled={!saved}>
            Save Brand
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}
