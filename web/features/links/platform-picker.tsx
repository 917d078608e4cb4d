import { CARD_PLATFORM_NAMES, CARD_PLATFORMS, type CardPlatform } from '../../../src/shared/platform-cards'
import { cn } from '../../lib/cn'

type PlatformPickerProps = {
  platform: CardPlatform
  onChange: (platform: CardPlatform) => void
  /** Read out to screen readers for the group. */
  legend: string
  /** Platforms marked with a dot, such as those with a card of their own. */
  marked?: readonly CardPlatform[]
  markLabel?: string
  /** `outline` in forms, `solid` over a preview. */
  look: 'outline' | 'solid'
}

const LOOKS = {
  outline: {
    base: 'inline-flex h-8 items-center gap-1.5 border px-3 text-[13px]',
    on: 'border-brand-600 bg-brand-50 text-brand-800',
    off: 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
  },
  solid: { base: 'h-7 px-2.5 text-[12px]', on: 'bg-slate-900 text-white', off: 'bg-slate-100 text-slate-700 hover:bg-slate-200' },
}

/** A button per card platform, the chosen one pressed. */
export function PlatformPicker({ platform, onChange, legend, marked = [], markLabel, look }: PlatformPickerProps) {
  const style = LOOKS[look]
  return (
    <fieldset className={cn('flex flex-wrap', look === 'outline' ? 'gap-1.5' : 'gap-1')}>
      <legend className="sr-only">{legend}</legend>
      {CARD_PLATFORMS.map((each) => (
        <button
          key={each}
          type="button"
          aria-pressed={each === platform}
          onClick={() => onChange(each)}
          className={cn(
            'rounded-full font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
            style.base,
            each === platform ? style.on : style.off,
          )}
        >
          {CARD_PLATFORM_NAMES[each]}
          {marked.includes(each) && (
            <>
              <span className="size-1.5 rounded-full bg-brand-600" aria-hidden="true" />
              <span className="sr-only">({markLabel})</span>
            </>
          )}
        </button>
      ))}
    </fieldset>
  )
}
