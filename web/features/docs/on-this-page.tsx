import { ChevronDown, ListTree } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { cn } from '../../lib/cn'
import type { OutlineEntry } from './outline'

const METHOD_COLORS: Record<string, string> = { get: 'text-brand-700', post: 'text-emerald-700', patch: 'text-amber-800', put: 'text-amber-800', delete: 'text-red-700' }

const flatten = (entries: OutlineEntry[]): OutlineEntry[] => entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])])

/**
 * The entry the reader is at: of the places crossing a band under the sticky bars, the first in
 * reading order that holds none of the others (an endpoint rather than its group and section).
 * The last one stays while the band falls between two places.
 */
function useCurrentEntry(ids: string[]): string | null {
  const [current, setCurrent] = useState<string | null>(null)
  const key = ids.join(' ')
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids are read through their key, so a new array of the same ids observes nothing anew
  useEffect(() => {
    const places = ids.map((id) => document.getElementById(id)).filter((place): place is HTMLElement => place !== null)
    const crossing = new Set<Element>()
    const observer = new IntersectionObserver(
      (changes) => {
        for (const change of changes) {
          if (change.isIntersecting) crossing.add(change.target)
          else crossing.delete(change.target)
        }
        const inner = places.find((place) => crossing.has(place) && !places.some((other) => other !== place && crossing.has(other) && place.contains(other)))
        if (inner) setCurrent(inner.id)
      },
      // From under the header (and the phone's outline bar) to a third down the screen.
      { rootMargin: '-120px 0px -66% 0px' },
    )
    for (const place of places) observer.observe(place)
    return () => observer.disconnect()
  }, [key])
  return current
}

/** Whether `entry` is, or holds, the current entry. */
const holds = (entry: OutlineEntry, id: string | null): boolean => entry.id === id || (entry.children ?? []).some((child) => holds(child, id))

function OutlineList({ entries, current, onPick, isNested }: { entries: OutlineEntry[]; current: string | null; onPick?: () => void; isNested?: boolean }) {
  return (
    <ul className={cn('grid gap-0.5', isNested && 'mt-0.5 ml-2.5 border-l border-slate-200 pl-1.5')}>
      {entries.map((entry) => {
        const isCurrent = entry.id === current
        return (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              onClick={onPick}
              aria-current={isCurrent ? 'location' : undefined}
              className={cn(
                'flex items-baseline gap-2 rounded-md px-2 py-1 text-sm leading-snug transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                isCurrent ? 'bg-brand-50 font-medium text-brand-700' : holds(entry, current) ? 'text-slate-900' : 'text-slate-600 hover:bg-slate-50 hover:text-slate-900',
              )}
            >
              {entry.method && <span className={cn('w-10 shrink-0 font-mono text-[11px] font-medium uppercase', METHOD_COLORS[entry.method] ?? 'text-slate-600')}>{entry.method}</span>}
              <span className="min-w-0">{entry.title}</span>
            </a>
            {entry.children?.length ? <OutlineList entries={entry.children} current={current} onPick={onPick} isNested /> : null}
          </li>
        )
      })}
    </ul>
  )
}

/**
 * The page's table of contents: a sticky sidebar on wide screens, a bar under the header on phones
 * that opens the same list over the page (so opening and closing it moves nothing under it).
 */
export function OnThisPage({ entries }: { entries: OutlineEntry[] }) {
  const all = flatten(entries)
  const current = useCurrentEntry(all.map((entry) => entry.id))
  const [isOpen, setIsOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const sidebar = useRef<HTMLElement>(null)

  // The current entry stays in sight when the sidebar is taller than the screen.
  useEffect(() => {
    const nav = sidebar.current
    const link = nav?.querySelector<HTMLElement>('[aria-current="location"]')
    if (!nav || !link) return
    if (link.offsetTop < nav.scrollTop || link.offsetTop + link.offsetHeight > nav.scrollTop + nav.clientHeight) nav.scrollTop = link.offsetTop - nav.clientHeight / 3
  }, [current])

  // Escape closes the phone list, and the keyboard is back on its button.
  useEffect(() => {
    if (!isOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      setIsOpen(false)
      toggle.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [isOpen])

  const currentTitle = all.find((entry) => entry.id === current)?.title
  return (
    <>
      <div className="sticky top-16 z-30 -mx-4 mb-8 border-y border-slate-200 bg-white/95 px-4 backdrop-blur-md sm:-mx-6 sm:px-6 lg:hidden">
        <button
          ref={toggle}
          type="button"
          aria-expanded={isOpen}
          aria-controls="on-this-page-list"
          onClick={() => setIsOpen(!isOpen)}
          className="flex w-full items-center gap-2 py-2.5 text-left text-sm font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <ListTree className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="shrink-0">On this page</span>
          {currentTitle && <span className="min-w-0 truncate font-normal text-slate-500">· {currentTitle}</span>}
          <ChevronDown className={cn('ml-auto size-4 shrink-0 text-slate-500 transition-transform', isOpen && 'rotate-180')} aria-hidden="true" />
        </button>
        {isOpen && (
          <nav
            id="on-this-page-list"
            aria-label="On this page"
            className="absolute inset-x-0 top-full max-h-[70dvh] overflow-y-auto border-b border-slate-200 bg-white px-2 py-3 shadow-lg sm:px-4"
          >
            <OutlineList entries={entries} current={current} onPick={() => setIsOpen(false)} />
          </nav>
        )}
      </div>
      <aside className="hidden lg:block">
        <nav ref={sidebar} aria-label="On this page" className="sticky top-24 max-h-[calc(100dvh-8rem)] overflow-y-auto pr-1 pb-4">
          <p className="mb-2 px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">On this page</p>
          <OutlineList entries={entries} current={current} />
        </nav>
      </aside>
    </>
  )
}

/**
 * Opens /docs#anchor at its place. The reference is drawn once its document loads, after the
 * browser has looked for the anchor, and sections above it grow then: so look again once it is drawn.
 */
export function useLandOnHash(isDrawn: boolean) {
  useEffect(() => {
    if (!isDrawn || !window.location.hash) return
    const frame = requestAnimationFrame(() => document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView())
    return () => cancelAnimationFrame(frame)
  }, [isDrawn])
}
