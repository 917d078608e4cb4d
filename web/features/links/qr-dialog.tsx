import { Copy, Download } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog'
import { Skeleton } from '../../components/ui/spinner'
import { copyText } from '../../lib/clipboard'
import { toast } from '../../lib/toast'
import { downloadQrCode, type Link } from './api'

type QrDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; link: Link | null }

/** The QR modal of /share-links: the code, Download QR Code and Copy QR URL. */
export function QrDialog({ open, onOpenChange, link }: QrDialogProps) {
  return (
    <Dialog open={open && link !== null} onOpenChange={onOpenChange}>
      <DialogContent size="sm">{link && <QrContent key={link.id} link={link} />}</DialogContent>
    </Dialog>
  )
}

function QrContent({ link }: { link: Link }) {
  const [isLoaded, setIsLoaded] = useState(false)
  const [isDownloading, setIsDownloading] = useState(false)

  async function download() {
    setIsDownloading(true)
    try {
      await downloadQrCode(link)
    } catch {
      toast({ title: 'Download failed', description: 'Could not load the QR code. Please try again.', variant: 'destructive' })
    } finally {
      setIsDownloading(false)
    }
  }

  async function copyUrl() {
    try {
      await copyText(link.qrCodeUrl)
      toast({ title: 'QR URL copied', description: link.qrCodeUrl })
    } catch {
      toast({ title: 'Copy failed', description: 'Select the text and copy it by hand.', variant: 'destructive' })
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>QR Code</DialogTitle>
        <DialogDescription className="break-all">Scanning it opens {link.url}</DialogDescription>
      </DialogHeader>
      <div className="relative mx-auto aspect-square w-full max-w-64 overflow-hidden rounded-lg border border-slate-200 bg-white">
        {!isLoaded && <Skeleton className="absolute inset-0 rounded-none" />}
        <img
          src={link.qrCodeUrl}
          alt={`QR code for ${link.url}`}
          width={256}
          height={256}
          onLoad={() => setIsLoaded(true)}
          className="size-full object-contain [image-rendering:pixelated]"
        />
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button onClick={download} isLoading={isDownloading}>
          {!isDownloading && <Download aria-hidden="true" />}
          Download QR Code
        </Button>
        <Button variant="outline" onClick={copyUrl}>
          <Copy aria-hidden="true" />
          Copy QR URL
        </Button>
      </div>
    </>
  )
}
