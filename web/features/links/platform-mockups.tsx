import { ImageIcon } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { CARD_IMAGE_FACTS, type CardImageContent } from '../../../src/shared/card-images'
import type { ImageFacts } from '../../../src/shared/image-rules'
import { isHttpUrl } from '../../../src/shared/link-rules'
import { CARD_PLATFORM_NAMES, CARD_PLATFORMS, cardFor, type CardPlatform, type PlatformCards } from '../../../src/shared/platform-cards'
import { cutText, imageLayout, PREVIEW_RULES, previewNotes } from '../../../src/shared/platform-previews'
import { cn } from '../../lib/cn'
import { MadeImage } from '../../components/made-image'
import { PlatformPicker } from './platform-picker'

/** A link's card as the mock-ups take it: its own fields and its platforms' cards. */
export type MockupCard = {
  title: string
  description: string | null
  ogImage: string | null
  ogImageAlt: string | null
  themeColor: string | null
  platformCards: PlatformCards | null
  /** The image Linkcard would make, for a card without an image of its own. */
  madeImage?: CardImageContent | null
}

type MockupProps = {
  platform: CardPlatform
  card: MockupCard
  /** The host the card is shared from (the short link's). */
  host: string
  /** What the server found the link's own image to be, when it has read it. */
  facts?: ImageFacts | null
}

/** The card as the platform's crawler gets it, and what the platform does with it. */
function seen(platform: CardPlatform, card: MockupCard, facts: ImageFacts | null | undefined) {
  const own = cardFor(card, platform)
  const url = own.ogImage && isHttpUrl(own.ogImage) ? own.ogImage : null
  const image = url ?? card.madeImage ?? null
  // The measured size is the link's own image's; a platform's image of its own is not measured.
  const measured = url ? (own.ogImage === card.ogImage ? facts : undefined) : image ? CARD_IMAGE_FACTS : undefined
  const rules = PREVIEW_RULES[platform]
  return {
    title: cutText(own.title || 'Your link title', rules.titleMax).text,
    description: own.description && rules.descriptionMax !== null ? cutText(own.description, rules.descriptionMax).text : null,
    image,
    alt: own.ogImageAlt ?? '',
    layout: imageLayout(platform, image ? 'image' : null, measured),
    notes: previewNotes(platform, { title: own.title, description: own.description, ogImage: image ? 'image' : null }, measured),
  }
}

/** The image as a platform crops it, or nothing when it cannot be loaded. */
function LoadedPicture({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null)
  useEffect(() => setFailed(null), [src])
  if (failed === src)
    return (
      <div className={cn('flex items-center justify-center bg-slate-200 text-slate-400', className)}>
        <ImageIcon className="size-6" aria-hidden="true" />
      </div>
    )
  return <img src={src} alt={alt} referrerPolicy="no-referrer" onError={() => setFailed(src)} className={cn('object-cover', className)} data-testid="mockup-image" />
}

/** The card's image as a platform crops it: its own, or the one Linkcard will make. */
function Picture({ image, alt, className }: { image: string | CardImageContent; alt: string; className?: string }) {
  return typeof image === 'string' ? <LoadedPicture src={image} alt={alt} className={className} /> : <MadeImage content={image} className={className} />
}

const RATIO = 'aspect-[1.91/1] w-full'

/** One platform's drawing of the card: its layout, colours, type and cuts, as people see it there. */
function PlatformMockup({ platform, card, host, facts }: MockupProps) {
  const view = seen(platform, card, facts)
  const large = view.layout === 'large' && view.image
  const small = view.layout === 'small' && view.image
  const title = (className: string) => (
    <p className={cn('break-words', className)} data-testid="mockup-title">
      {view.title}
    </p>
  )
  const description = (className: string) =>
    view.description && (
      <p className={cn('break-words', className)} data-testid="mockup-description">
        {view.description}
      </p>
    )
  const domain = (className: string, text = host) => (
    <p className={cn('truncate', className)} data-testid="mockup-domain">
      {text}
    </p>
  )
  const drawings: Record<CardPlatform, () => ReactNode> = {
    x: () => (
      <div className="font-sans">
        <div className={cn('overflow-hidden rounded-2xl border border-[#cfd9de]', small && 'flex')}>
          {large && (
            <div className="relative">
              <Picture image={view.image!} alt={view.alt} className={RATIO} />
              <span className="absolute bottom-3 left-3 max-w-[85%] truncate rounded bg-black/75 px-1.5 py-0.5 text-[13px] text-white" data-testid="mockup-title">
                {view.title}
              </span>
            </div>
          )}
          {small && <Picture image={view.image!} alt={view.alt} className="size-[120px] shrink-0 border-r border-[#cfd9de]" />}
          {!large && (
            <div className="grid min-w-0 content-center gap-0.5 p-3">
              {domain('text-[14px] text-[#536471]')}
              {title('text-[14px] text-[#0f1419]')}
            </div>
          )}
        </div>
        {large && domain('mt-1 text-[13px] text-[#536471]', `From ${host}`)}
      </div>
    ),
    facebook: () => (
      <div className={cn('overflow-hidden border border-[#dadde1] bg-white', small && 'flex')}>
        {large && <Picture image={view.image!} alt={view.alt} className={RATIO} />}
        {small && <Picture image={view.image!} alt={view.alt} className="size-[130px] shrink-0" />}
        <div className="grid min-w-0 gap-0.5 bg-[#f0f2f5] px-3 py-2.5">
          {domain('text-[12px] text-[#65676b] uppercase')}
          {title('line-clamp-2 text-[16px] font-semibold leading-5 text-[#050505]')}
          {description('line-clamp-1 text-[14px] text-[#65676b]')}
        </div>
      </div>
    ),
    linkedin: () => (
      <div className={cn('overflow-hidden rounded-lg border border-[#e0dfdc] bg-white', small && 'flex items-center')}>
        {large && <Picture image={view.image!} alt={view.alt} className={RATIO} />}
        {small && <Picture image={view.image!} alt={view.alt} className="m-3 size-[72px] shrink-0 rounded" />}
        <div className="grid min-w-0 gap-0.5 bg-[#f3f6f8] px-3 py-2">
          {title('line-clamp-2 text-[14px] font-semibold text-[#000000e6]')}
          {domain('text-[12px] text-[#00000099]')}
        </div>
      </div>
    ),
    slack: () => (
      <div className="flex gap-3 bg-white">
        <span className="w-1 shrink-0 rounded-full bg-[#dddddd]" aria-hidden="true" />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <div className="flex items-start gap-3">
            <div className="grid min-w-0 flex-1 gap-0.5">
              {domain('text-[15px] font-bold text-[#1d1c1d]')}
              {title('text-[15px] font-bold text-[#1264a3]')}
              {description('text-[15px] text-[#1d1c1d]')}
            </div>
            {small && <Picture image={view.image!} alt={view.alt} className="size-[72px] shrink-0 rounded-lg" />}
          </div>
          {large && <Picture image={view.image!} alt={view.alt} className={cn(RATIO, 'mt-1.5 max-w-[360px] rounded-lg')} />}
        </div>
      </div>
    ),
    discord: () => (
      <div
        className="grid max-w-[432px] gap-1 rounded border-l-4 bg-[#2b2d31] p-3 pr-4"
        style={{ borderLeftColor: card.themeColor ?? '#1e1f22' }}
        data-testid="mockup-accent"
      >
        <div className="flex items-start gap-3">
          <div className="grid min-w-0 flex-1 gap-1">
            {domain('text-[12px] text-[#b5bac1]')}
            {title('text-[16px] font-semibold text-[#00a8fc]')}
            {description('text-[14px] text-[#dbdee1]')}
          </div>
          {small && <Picture image={view.image!} alt={view.alt} className="size-[80px] shrink-0 rounded" />}
        </div>
        {large && <Picture image={view.image!} alt={view.alt} className={cn(RATIO, 'mt-2 rounded')} />}
      </div>
    ),
    whatsapp: () => (
      <div className="max-w-[330px] rounded-lg bg-[#d9fdd3] p-1 shadow-sm">
        <div className={cn('overflow-hidden rounded-md bg-[#d1f4cc]', small && 'flex')}>
          {large && <Picture image={view.image!} alt={view.alt} className={RATIO} />}
          {small && <Picture image={view.image!} alt={view.alt} className="size-[88px] shrink-0" />}
          <div className="grid min-w-0 gap-0.5 px-2.5 py-2">
            {title('line-clamp-2 text-[14px] font-semibold text-[#111b21]')}
            {description('line-clamp-2 text-[13px] text-[#54656f]')}
            {domain('text-[12px] text-[#54656f]')}
          </div>
        </div>
        <p className="truncate px-1.5 pt-1 pb-0.5 text-[14px] text-[#006da8]">https://{host}/…</p>
      </div>
    ),
    imessage: () => (
      <div className={cn('max-w-[300px] overflow-hidden rounded-[18px] bg-[#e9e9eb]', small && 'flex items-center')}>
        {large && <Picture image={view.image!} alt={view.alt} className={RATIO} />}
        <div className="grid min-w-0 flex-1 gap-0.5 px-3 py-2">
          {title('line-clamp-2 text-[14px] font-semibold text-black')}
          {domain('text-[13px] text-[#636366]')}
        </div>
        {small && <Picture image={view.image!} alt={view.alt} className="m-2 size-[44px] shrink-0 rounded-md" />}
      </div>
    ),
    telegram: () => (
      <div className="max-w-[380px] rounded-xl bg-white p-2 shadow-sm">
        <div className="flex gap-2 rounded-md bg-[#3390ec]/10 py-1.5 pr-2">
          <span className="w-[3px] shrink-0 rounded-full bg-[#3390ec]" aria-hidden="true" />
          <div className="grid min-w-0 flex-1 gap-0.5">
            <div className="flex items-start gap-2">
              <div className="grid min-w-0 flex-1 gap-0.5">
                {domain('text-[14px] font-semibold text-[#1f6bb5]')}
                {title('text-[14px] font-semibold text-black')}
                {description('text-[14px] text-black')}
              </div>
              {small && <Picture image={view.image!} alt={view.alt} className="size-[56px] shrink-0 rounded" />}
            </div>
            {large && <Picture image={view.image!} alt={view.alt} className={cn(RATIO, 'mt-1 rounded-md')} />}
          </div>
        </div>
      </div>
    ),
  }
  return (
    <figure className="grid gap-2" data-testid="mockup" data-platform={platform} data-image={view.layout}>
      <div className={cn('rounded-lg p-3', platform === 'discord' ? 'bg-[#313338]' : platform === 'whatsapp' ? 'bg-[#efeae2]' : 'bg-slate-50')}>{drawings[platform]()}</div>
      <figcaption className="grid gap-1">
        {view.notes.length === 0 ? (
          <p className="text-[13px] text-slate-500">Shown in full on {CARD_PLATFORM_NAMES[platform]}.</p>
        ) : (
          <ul className="grid gap-0.5 text-[13px] text-amber-800" data-testid="mockup-notes">
            {view.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </figcaption>
    </figure>
  )
}

type PlatformPreviewsProps = {
  card: MockupCard
  host: string
  facts?: ImageFacts | null
  platform: CardPlatform
  onPlatformChange: (platform: CardPlatform) => void
}

/** The card on one platform at a time, chosen with a button per platform. */
export function PlatformPreviews({ card, host, facts, platform, onPlatformChange }: PlatformPreviewsProps) {
  return (
    <section className="grid gap-2" aria-label="On each platform" data-testid="platform-previews">
      <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">On each platform</h3>
      <PlatformPicker platform={platform} onChange={onPlatformChange} legend="Platform shown" look="solid" />
      <PlatformMockup platform={platform} card={card} host={host} facts={facts} />
    </section>
  )
}

/** Every platform's drawing of the card side by side, for the link's own page. */
export function AllPlatformPreviews({ card, host, facts }: { card: MockupCard; host: string; facts?: ImageFacts | null }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4" data-testid="all-platform-previews">
      {CARD_PLATFORMS.map((platform) => (
        <section key={platform} className="grid content-start gap-2">
          <h3 className="text-sm font-semibold text-slate-900">{CARD_PLATFORM_NAMES[platform]}</h3>
          <PlatformMockup platform={platform} card={card} host={host} facts={facts} />
        </section>
      ))}
    </div>
  )
}
