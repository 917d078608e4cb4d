import { CheckCircle2, ExternalLink } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { CopyButton } from '../../components/ui/copy-button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog'
import type { Link } from './api'

/** Where the new link can be shared at once: each platform's own share address. */
const SHARE_ON = [
  { name: 'X', address: (url: string, title: string) => `https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}` },
  { name: 'Facebook', address: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
  { name: 'LinkedIn', address: (url: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}` },
  { name: 'WhatsApp', address: (url: string, title: string) => `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  { name: 'Telegram', address: (url: string, title: string) => `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}` },
]

type CreatedLinkDialogProps = {
  link: Link | null
  onOpenChange: (open: boolean) => void
  /** Where the keyboard goes once it closes: the dialog opens after the create form's, so it has no button of its own to go back to. */
  returnFocusTo?: () => HTMLElement | null | undefined
}

/** After a link is made: its short URL to copy, its QR code, and buttons to share it. */
export function CreatedLinkDialog({ link, onOpenChange, returnFocusTo }: CreatedLinkDialogProps) {
  return (
    <Dialog open={link !== null} onOpenChange={onOpenChange}>
      <DialogContent
        size="sm"
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.()
          if (!target?.isConnected) return
          event.preventDefault()
          target.focus()
        }}
      >
        {link && (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <CheckCircle2 className="size-5 text-emerald-600" aria-hidden="true" />
                Link created
              </DialogTitle>
              <DialogDescription className="break-words">“{link.title}” is ready to share.</DialogDescription>
            </DialogHeader>
            <div className="flex min-w-0 items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 py-1.5 pr-1.5 pl-3">
              <a href={link.url} target="_blank" rel="noopener noreferrer" className="min-w-0 flex-1 font-mono text-sm break-all text-brand-700 hover:underline" data-testid="created-url">
                {link.url}
              </a>
              <CopyButton value={link.url} label="Copy" copiedLabel="Copied" size="sm" />
            </div>
            <img
              src={link.qrCodeUrl}
              alt={`QR code for ${link.url}`}
              width={160}
              height={160}
              className="mx-auto size-40 rounded-lg border border-slate-200 bg-white [image-rendering:pixelated]"
            />
            <div>
              <p className="mb-2 text-[13px] font-medium text-slate-600">Share on</p>
              <div className="flex flex-wrap gap-2" data-testid="share-on">
                {SHARE_ON.map((platform) => (
                  <Button key={platform.name} asChild variant="outline" size="sm">
                    <a href={platform.address(link.url, link.title)} target="_blank" rel="noopener noreferrer">
                      {platform.name}
                      <ExternalLink aria-hidden="true" />
                    </a>
                  </Button>
                ))}
              </div>
            </div>
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
