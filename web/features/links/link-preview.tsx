import { ImageIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { isHttpUrl } from '../../../src/shared/link-rules'
import { cn } from '../../lib/cn'
import { previewDomain, type LinkFormValues } from './link-form-values'

type LinkPreviewProps = { values: Pick<LinkFormValues, 'targetUrl' | 'title' | 'description' | 'ogImage' | 'ogImageAlt' | 'twitterCard'> }

/**
 * How the link will look when shared: a large image above the text for summary_large_image and
 * player cards, a small square beside it for summary and app cards, as the platforms draw them.
 */
export function LinkPreview({ values }: LinkPreviewProps) {
  const isLarge = values.twitterCard === 'summary_large_image' || values.twitterCard === 'player'
  const image = values.ogImage.trim()
  const [failedImage, setFailedImage] = useState<string | null>(null)
  useEffect(() => setFailedImage(null), [image])
  const showImage = isHttpUrl(image) && failedImage !== image
  const domain = previewDomain(values.targetUrl)

  const picture = showImage ? (
    <img
      src={image}
      alt={values.ogImageAlt.trim()}
      referrerPolicy="no-referrer"
      onError={() => setFailedImage(image)}
      className="size-full object-cover"
      data-testid="preview-image"
    />
  ) : (
    <div className="flex size-full flex-col items-center justify-center gap-1 text-slate-400" data-testid="preview-placeholder">
      <ImageIcon className="size-6" aria-hidden="true" />
      {isLarge && <span className="text-xs">1200 × 630 image</span>}
    </div>
  )

  return (
    <figure className="grid gap-2" data-testid="link-preview" data-layout={isLarge ? 'large' : 'summary'}>
      <figcaption className="text-xs font-medium tracking-wide text-slate-500 uppercase">Preview</figcaption>
      <div className={cn('overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs', !isLarge && 'flex')}>
        <div className={cn('shrink-0 bg-slate-100', isLarge ? 'aspect-[1200/630] w-full' : 'size-24 border-r border-slate-200 sm:size-28')}>{picture}</div>
        <div className={cn('grid min-w-0 content-start gap-0.5 px-3.5 py-3', isLarge && 'border-t border-slate-100')}>
          <p className="truncate text-xs text-slate-500 uppercase" data-testid="preview-domain">
            {domain || 'example.com'}
          </p>
          <p className={cn('line-clamp-2 text-sm font-semibold break-words', values.title.trim() ? 'text-slate-900' : 'text-slate-400')} data-testid="preview-title">
            {values.title.trim() || 'Your link title'}
          </p>
          {values.description.trim() && (
            <p className="line-clamp-2 text-[13px] break-words text-slate-600" data-testid="preview-description">
              {values.description.trim()}
            </p>
          )}
        </div>
      </div>
    </figure>
  )
}
