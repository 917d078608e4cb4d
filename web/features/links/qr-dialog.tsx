import { Copy, Download, RotateCcw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { QR_ERROR_CORRECTION, QR_MARGIN_MAX, QR_MARGIN_MIN, QR_SIZE_MAX, QR_SIZE_MIN, scanUrlOf, type QrErrorCorrection, type QrFormat } from '../../../src/shared/qr-design'
import { Alert } from '../../components/ui/alert'
import { ImageUploadButton } from '../../components/image-upload-button'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select } from '../../components/ui/select'
import { Skeleton } from '../../components/ui/spinner'
import { copyText } from '../../lib/clipboard'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { useDebounced } from '../../lib/use-debounced'
import { downloadQrCode, qrCodeProblem, type Link } from './api'
import { DEFAULT_QR_DESIGN, qrDesignProblems, qrImageUrl, type QrDesignValues } from './qr-design-values'

type QrDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; link: Link | null }

const ERROR_CORRECTION_LABELS: Record<QrErrorCorrection, string> = {
  L: 'Low (7% may be lost)',
  M: 'Medium (15%)',
  Q: 'Quartile (25%)',
  H: 'High (30%)',
}
const ERROR_CORRECTION_OPTIONS = QR_ERROR_CORRECTION.map((value) => ({ value, label: ERROR_CORRECTION_LABELS[value] }))

// A checkerboard behind a transparent code, so its transparency shows.
const CHECKERBOARD = 'bg-[conic-gradient(#e2e8f0_25%,#fff_0_50%,#e2e8f0_0_75%,#fff_0)] bg-[length:16px_16px]'

/** The QR modal of /share-links: the code styled with a live preview, PNG and SVG downloads, and Copy QR URL. */
export function QrDialog({ open, onOpenChange, link }: QrDialogProps) {
  return (
    <Dialog open={open && link !== null} onOpenChange={onOpenChange}>
      <DialogContent size="xl" className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        {link && <QrContent key={link.id} link={link} />}
      </DialogContent>
    </Dialog>
  )
}

function QrContent({ link }: { link: Link }) {
  const [values, setValues] = useState<QrDesignValues>(DEFAULT_QR_DESIGN)
  const problems = qrDesignProblems(values)
  const isValid = Object.keys(problems).length === 0
  const [shownValues, setShownValues] = useState(values)
  // The preview follows valid options once typing pauses; invalid ones leave the last good code.
  const settled = useDebounced(values, 300)
  useEffect(() => {
    if (Object.keys(qrDesignProblems(settled)).length === 0) setShownValues(settled)
  }, [settled])
  const previewUrl = qrImageUrl(link.qrCodeUrl, shownValues, 'png')
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null)
  const [failed, setFailed] = useState<{ url: string; message: string } | null>(null)
  const [downloading, setDownloading] = useState<QrFormat | null>(null)

  const set = <K extends keyof QrDesignValues>(name: K) => (value: QrDesignValues[K]) => setValues((current) => ({ ...current, [name]: value }))
  const hasLogo = values.logo.trim() !== ''

  async function showFailure(url: string) {
    const message = (await qrCodeProblem(url).catch(() => null)) ?? 'The QR code could not be drawn.'
    setFailed({ url, message })
  }

  async function download(format: QrFormat) {
    setDownloading(format)
    try {
      await downloadQrCode(link, qrImageUrl(link.qrCodeUrl, values, format), format)
    } catch {
      toast({ title: 'Download failed', description: 'Could not load the QR code. Please try again.', variant: 'destructive' })
    } finally {
      setDownloading(null)
    }
  }

  async function copyUrl() {
    const url = qrImageUrl(link.qrCodeUrl, values, 'png')
    try {
      await copyText(url)
      toast({ title: 'QR URL copied', description: url })
    } catch {
      toast({ title: 'Copy failed', description: 'Select the text and copy it by hand.', variant: 'destructive' })
    }
  }

  const isLoaded = loadedUrl === previewUrl
  const failure = failed?.url === previewUrl ? failed.message : null

  return (
    <>
      <DialogHeader>
        <DialogTitle>QR Code</DialogTitle>
        <DialogDescription className="break-all">
          Scanning it opens {scanUrlOf(link.url)}, counted as a click and a scan
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] md:items-start">
        <div className="grid gap-3 md:sticky md:top-0">
          <div
            className={cn(
              'relative mx-auto aspect-square w-full max-w-72 overflow-hidden rounded-lg border border-slate-200',
              shownValues.isTransparent ? CHECKERBOARD : 'bg-white',
            )}
          >
            {!isLoaded && !failure && <Skeleton className="absolute inset-0 rounded-none" />}
            <img
              src={previewUrl}
              alt={`QR code for ${link.url}`}
              width={288}
              height={288}
              data-testid="qr-preview"
              onLoad={() => setLoadedUrl(previewUrl)}
              onError={() => showFailure(previewUrl)}
              className={cn('size-full object-contain [image-rendering:pixelated]', failure && 'invisible')}
            />
          </div>
          {failure && (
            <Alert variant="destructive" title="This design cannot be drawn">
              {failure}
            </Alert>
          )}
          <div className="grid gap-2 sm:grid-cols-2">
            <Button onClick={() => download('png')} isLoading={downloading === 'png'} disabled={!isValid || downloading !== null}>
              {downloading !== 'png' && <Download aria-hidden="true" />}
              Download PNG
            </Button>
            <Button variant="outline" onClick={() => download('svg')} isLoading={downloading === 'svg'} disabled={!isValid || downloading !== null}>
              {downloading !== 'svg' && <Download aria-hidden="true" />}
              Download SVG
            </Button>
            <Button variant="outline" onClick={copyUrl} disabled={!isValid}>
              <Copy aria-hidden="true" />
              Copy QR URL
            </Button>
            <Button variant="ghost" onClick={() => setValues(DEFAULT_QR_DESIGN)}>
              <RotateCcw aria-hidden="true" />
              Reset design
            </Button>
          </div>
        </div>

        <fieldset className="grid gap-4">
          <legend className="sr-only">Design</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <ColorField label="Foreground" value={values.foreground} onChange={set('foreground')} error={problems.foreground} className="self-start" />
            <div className="grid gap-2">
              <ColorField
                label="Background"
                value={values.background}
                onChange={set('background')}
                error={problems.background}
                disabled={values.isTransparent}
              />
              <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={values.isTransparent}
                  onChange={(event) => set('isTransparent')(event.target.checked)}
                  className="size-4 shrink-0 cursor-pointer accent-brand-600"
                />
                Transparent background
              </label>
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Margin (modules)" error={problems.margin} hint={`${QR_MARGIN_MIN} to ${QR_MARGIN_MAX}; 4 is the standard`}>
              <Input type="number" inputMode="numeric" min={QR_MARGIN_MIN} max={QR_MARGIN_MAX} value={values.margin} onChange={(event) => set('margin')(event.target.value)} />
            </FormField>
            <FormField label="Size (pixels)" error={problems.size} hint={`${QR_SIZE_MIN} to ${QR_SIZE_MAX}, for the PNG`}>
              <Input type="number" inputMode="numeric" min={QR_SIZE_MIN} max={QR_SIZE_MAX} value={values.size} onChange={(event) => set('size')(event.target.value)} />
            </FormField>
          </div>
          <FormField label="Error correction" hint={hasLogo ? 'High, as the logo covers part of the code' : 'More correction survives damage, with more modules'}>
            <Select
              value={hasLogo ? 'H' : values.errorCorrection}
              onValueChange={set('errorCorrection')}
              options={ERROR_CORRECTION_OPTIONS}
              disabled={hasLogo}
            />
          </FormField>
          <FormField
            label="Logo URL"
            error={problems.logo}
            hint="Upload a logo, or give an https:// address of a PNG; it is shown small in the middle"
            action={<ImageUploadButton purpose="logo" label="Upload logo" onUploaded={(uploaded) => set('logo')(uploaded.url)} />}
          >
            <Input type="url" inputMode="url" placeholder="https://example.com/logo.png" value={values.logo} onChange={(event) => set('logo')(event.target.value)} />
          </FormField>
        </fieldset>
      </div>
    </>
  )
}

type ColorFieldProps = { label: string; value: string; onChange: (value: string) => void; error?: string; disabled?: boolean; className?: string }

/** A colour as #rrggbb: typed, or picked with the system's colour picker. */
function ColorField({ label, value, onChange, error, disabled, className }: ColorFieldProps) {
  const swatch = /^#?[0-9a-f]{6}$/i.test(value) ? `#${value.replace('#', '')}` : '#000000'
  return (
    <FormField label={label} error={error} className={className}>
      <ColorInput value={value} swatch={swatch} label={label} onChange={onChange} disabled={disabled} />
    </FormField>
  )
}

type ColorInputProps = {
  value: string
  swatch: string
  label: string
  onChange: (value: string) => void
  disabled?: boolean
  id?: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}

function ColorInput({ value, swatch, label, onChange, disabled, ...control }: ColorInputProps) {
  return (
    <div className="flex gap-2">
      <input
        type="color"
        aria-label={`Pick the ${label.toLowerCase()} colour`}
        value={swatch.toLowerCase()}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 w-11 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 disabled:cursor-not-allowed disabled:opacity-50"
      />
      <Input {...control} value={value} disabled={disabled} spellCheck={false} maxLength={7} placeholder="#rrggbb" onChange={(event) => onChange(event.target.value)} />
    </div>
  )
}
