// The thread that processes uploaded images: decoding and encoding a large one takes a second or
// more of CPU, which the thread answering requests (and redirects) does not wait for.
import type { ImagePurpose } from '../../shared/images'
import { processImage, type ProcessedImage, type UploadFormat } from './process'

export type ProcessRequest = { id: number; upload: Uint8Array<ArrayBuffer>; format: UploadFormat; purpose: ImagePurpose }
export type ProcessReply = { id: number; image?: ProcessedImage; error?: string }

declare const self: Worker

self.onmessage = async ({ data }: MessageEvent<ProcessRequest>) => {
  try {
    const image = await processImage(data.upload, data.format, data.purpose)
    self.postMessage({ id: data.id, image } satisfies ProcessReply, [image.bytes.buffer])
  } catch (error) {
    self.postMessage({ id: data.id, error: (error as Error).message } satisfies ProcessReply)
  }
}
