// The toolbar button's popup: the page's card as each platform draws it, and a short link of the
// page made with one click, with the page's card or one of the person's own.
import { CircleCheck, Settings as SettingsIcon } from 'lucide-react'
import { StrictMode, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { isHttpUrl, DESCRIPTION_MAX, LINK_MESSAGES, TITLE_MAX, URL_MAX } from '../../../src/shared/link-rules'
import type { CardPlatform } from '../../../src/shared/platform-cards'
import { Alert } from '../../../web/components/ui/alert'
import { Button } from '../../../web/components/ui/button'
import { CopyButton } from '../../../web/components/ui/copy-button'
import { FormField } from '../../../web/components/ui/form-field'
import { Input, Textarea } from '../../../web/components/ui/input'
import { LoadingState } from '../../../web/components/ui/spinner'
import { Toaster } from '../../../web/components/ui/toaster'
import { type MockupCard, PlatformPreviews } from '../../../web/features/links/platform-mockups'
import { createLink, type CreatedLink, LinkcardError, loadSettings, type NewLink, type Settings } from './linkcard'
import { type PageCard, pageCardOf, readPageTags } from './page-card'

type PageState = { status: 'reading' } | { status: 'unreadable'; message: string } | { status: 'read'; url: string; card: PageCard }

/**
 * The tab the popup is about: the active one of its window, or one named by ?tab=<id> when the
 * popup is opened as a page of its own (then the active tab is the popup itself).
 */
async function pageTab() {
  const named = new URLSearchParams(location.search).get('tab')
  if (named) return chrome.tabs.get(Number(named))
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true })
  return tab
}

async function readPage(): Promise<PageState> {
  const tab = await pageTab().catch(() => undefined)
  // The address shows only for a tab the extension may read (activeTab): none is no web page.
  if (tab?.id === undefined || (tab.url !== undefined && !isHttpUrl(tab.url))) return { status: 'unreadable', message: 'Open a web page to see its card: this tab shows none.' }
  try {
    const [frame] = await chrome.scripting.executeScript({ target: { tabId: tab.id }, func: readPageTags })
    if (!frame?.result) throw new Error('nothing read')
    return { status: 'read', url: frame.result.url, card: pageCardOf(frame.result) }
  } catch {
    return { status: 'unreadable', message: 'Linkcard could not read this page. The browser keeps its own pages (settings, the web store) from extensions; on a web page, open Linkcard from its toolbar button.' }
  }
}

type OwnCard = { title: string; description: string; ogImage: string }

/** The card the mock-ups draw and the new link gets: the page's, or the one typed. */
function cardToShare(page: PageCard, own: OwnCard | null): MockupCard {
  if (!own) return { ...page, madeImage: null }
  const ogImage = own.ogImage.trim() || null
  return {
    title: own.title.trim(),
    description: own.description.trim() || null,
    ogImage,
    ogImageAlt: ogImage === page.ogImage ? page.ogImageAlt : null,
    themeColor: page.themeColor,
    // A card of one's own is every platform's: the page's X card no longer applies.
    platformCards: null,
  }
}

function linkInput(url: string, card: MockupCard): NewLink {
  const optional = <K extends string, V>(key: K, value: V | null) => (value === null ? {} : ({ [key]: value } as Record<K, V>))
  return {
    targetUrl: url,
    title: card.title,
    ...optional('description', card.description),
    ...optional('ogImage', card.ogImage),
    ...optional('ogImageAlt', card.ogImageAlt),
    ...optional('themeColor', card.themeColor),
    ...optional('platformCards', card.platformCards),
  }
}

function ownCardProblems(own: OwnCard) {
  const image = own.ogImage.trim()
  return {
    title: own.title.trim() ? null : 'Give the card a title.',
    ogImage: image && !(image.length <= URL_MAX && isHttpUrl(image)) ? LINK_MESSAGES.invalidImageUrl : null,
  }
}

function OwnCardFields({ own, onChange, problems }: { own: OwnCard; onChange: (own: OwnCard) => void; problems: ReturnType<typeof ownCardProblems> | null }) {
  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <FormField label="Title" error={problems?.title}>
        <Input value={own.title} maxLength={TITLE_MAX} onChange={(event) => onChange({ ...own, title: event.target.value })} />
      </FormField>
      <FormField label="Description">
        <Textarea className="min-h-16" value={own.description} maxLength={DESCRIPTION_MAX} onChange={(event) => onChange({ ...own, description: event.target.value })} />
      </FormField>
      <FormField label="Image URL" error={problems?.ogImage}>
        <Input value={own.ogImage} inputMode="url" placeholder="https://…" maxLength={URL_MAX} onChange={(event) => onChange({ ...own, ogImage: event.target.value })} />
      </FormField>
    </div>
  )
}

function ShortLink({ link }: { link: CreatedLink }) {
  return (
    <section role="status" className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
      <p className="flex items-center gap-2 text-sm font-medium text-emerald-900">
        <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
        {link.existing ? 'You already had this short link' : 'Short link made'}
      </p>
      <div className="flex items-center gap-2">
        <Input readOnly value={link.url} aria-label="Short link" className="h-8 min-w-0 bg-white font-mono text-[13px]" onFocus={(event) => event.target.select()} data-testid="short-link" />
        <CopyButton value={link.url} />
      </div>
    </section>
  )
}

function Shortener({ page, settings }: { page: Extract<PageState, { status: 'read' }>; settings: Settings | null }) {
  const [platform, setPlatform] = useState<CardPlatform>('x')
  const [own, setOwn] = useState<OwnCard | null>(null)
  const [isSubmitted, setIsSubmitted] = useState(false)
  const [isCreating, setIsCreating] = useState(false)
  const [error, setError] = useState<LinkcardError | null>(null)
  // What was last sent, with its key: sent again unchanged (a retry), it makes no second link.
  const [made, setMade] = useState<{ body: string; link: CreatedLink } | null>(null)
  const attempt = useRef<{ body: string; key: string } | null>(null)

  const card = cardToShare(page.card, own)
  const input = linkInput(page.url, card)
  const body = JSON.stringify(input)
  const problems = own ? ownCardProblems(own) : null
  const link = made?.body === body ? made.link : null

  async function shorten() {
    if (!settings) return
    setIsSubmitted(true)
    if (problems && Object.values(problems).some(Boolean)) return
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() }
    setError(null)
    setIsCreating(true)
    try {
      setMade({ body, link: await createLink(settings, input, attempt.current.key) })
    } catch (failure) {
      setError(failure instanceof LinkcardError ? failure : new LinkcardError('The short link could not be made. Try again.'))
    } finally {
      setIsCreating(false)
    }
  }

  return (
    <div className="grid gap-4">
      {!page.card.hasCardTags && (
        <Alert variant="warning" title="This page has no card tags">
          No Open Graph or Twitter tags: platforms show its title alone, with no description or image. Give the short link a card of your own.
        </Alert>
      )}
      <PlatformPreviews card={card} host={link ? new URL(link.url).host : page.card.host} platform={platform} onPlatformChange={setPlatform} />
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={own !== null}
          onChange={(event) => {
            setIsSubmitted(false)
            setOwn(event.target.checked ? { title: page.card.title, description: page.card.description ?? '', ogImage: page.card.ogImage ?? '' } : null)
          }}
        />
        Use a card of my own
      </label>
      {own && <OwnCardFields own={own} onChange={setOwn} problems={isSubmitted ? problems : null} />}
      {error && (
        <Alert variant="destructive" title="No short link made">
          <p>{error.message}</p>
          {error.isSignInProblem && (
            <Button variant="link" size="sm" onClick={() => chrome.runtime.openOptionsPage()}>
              Sign in again
            </Button>
          )}
        </Alert>
      )}
      {link && <ShortLink link={link} />}
      {settings ? (
        !link && (
          <div className="grid gap-1.5">
            <Button onClick={shorten} isLoading={isCreating}>
              Shorten
            </Button>
            <p className="truncate text-center text-xs text-slate-500" title={page.url}>
              To {page.url}
            </p>
          </div>
        )
      ) : (
        <div className="grid gap-2">
          <p className="text-sm text-slate-600">Sign in to your Linkcard with an API key to make short links.</p>
          <Button onClick={() => chrome.runtime.openOptionsPage()}>Sign in</Button>
        </div>
      )}
    </div>
  )
}

function Popup() {
  const [settings, setSettings] = useState<Settings | null | undefined>(undefined)
  const [page, setPage] = useState<PageState>({ status: 'reading' })
  useEffect(() => {
    void loadSettings().then(setSettings)
    void readPage().then(setPage)
  }, [])

  return (
    <main className="grid gap-4 p-4">
      <header className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <img src="icons/32.png" alt="" className="size-6" />
          <div className="min-w-0">
            <h1 className="text-[15px] leading-5 font-semibold text-slate-900">Linkcard</h1>
            {settings && <p className="truncate text-xs text-slate-500">{`${settings.accountName} · ${new URL(settings.baseUrl).host}`}</p>}
          </div>
        </div>
        <Button variant="ghost" size="icon" aria-label="Settings" title="Settings" onClick={() => chrome.runtime.openOptionsPage()}>
          <SettingsIcon aria-hidden="true" />
        </Button>
      </header>
      {page.status === 'reading' || settings === undefined ? (
        <LoadingState label="Reading the page…" className="py-10" />
      ) : page.status === 'unreadable' ? (
        <Alert variant="info" title="No card to show">
          {page.message}
        </Alert>
      ) : (
        <Shortener page={page} settings={settings} />
      )}
      <Toaster />
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Popup />
  </StrictMode>,
)
