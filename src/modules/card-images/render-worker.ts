// The card image renderer's thread: drawing an image takes a few hundred milliseconds of CPU, which
// the thread answering requests (and redirects) does not wait for.
import type { CardImageContent } from '../../shared/card-images'
import { renderCardImage } from './render'

export type RenderRequest = { id: number; content: CardImageContent }
export type RenderReply = { id: number; png?: Uint8Array<ArrayBuffer>; error?: string }

declare const self: Worker

self.onmessage = async ({ data }: MessageEvent<RenderRequest>) => {
  try {
    const png = await renderCardImage(data.content)
    self.postMessage({ id: data.id, png } satisfies RenderReply, [png.buffer])
  } catch (error) {
    self.postMessage({ id: data.id, error: (error as Error).message } satisfies RenderReply)
  }
}
