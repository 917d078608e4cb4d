import { Upload } from 'lucide-react'
import { useRef, useState } from 'react'
import { IMAGE_MESSAGES, IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES, type ImagePurpose } from '../../src/shared/images'
import { api, errorMessage } from '../lib/api'
import { toast } from '../lib/toast'
import { Button } from './ui/button'

export type UploadedImage = { id: string; url: string; width: number; height: number; size: number; contentType: string }

type ImageUploadButtonProps = {
  purpose: ImagePurpose
  /** Told of the stored image: its address goes in the field beside the button. */
  onUploaded: (image: UploadedImage) => void
  /** Names what is uploaded, for screen readers ("Upload preview image"). */
  label: string
}

/** Uploads an image chosen from the device, checked here first for what the server would refuse. */
export function ImageUploadButton({ purpose, onUploaded, label }: ImageUploadButtonProps) {
  const input = useRef<HTMLInputElement>(null)
  const [isUploading, setIsUploading] = useState(false)

  const refused = (description: string) => toast({ title: 'Upload failed', description, variant: 'destructive' })

  async function upload(file: File) {
    if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return refused(IMAGE_MESSAGES.type)
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) return refused(IMAGE_MESSAGES.tooLarge)
    setIsUploading(true)
    try {
      onUploaded(await api.post<UploadedImage>(`/images?purpose=${purpose}`, file))
    } catch (error) {
      refused(errorMessage(error, 'The image could not be uploaded. Try again.'))
    } finally {
      setIsUploading(false)
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMAGE_UPLOAD_TYPES.join(',')}
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`upload-${purpose}-input`}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) void upload(file)
        }}
      />
      <Button type="button" variant="outline" onClick={() => input.current?.click()} isLoading={isUploading} aria-label={label} title={label}>
        {!isUploading && <Upload className="size-4" aria-hidden="true" />}
        <span className="max-sm:sr-only">{isUploading ? 'Uploading…' : 'Upload'}</span>
      </Button>
    </>
  )
}
