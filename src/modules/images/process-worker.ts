// The thread that processes uploaded images: decoding and encoding a large one takes a second or more of CPU.
import { answerCalls } from '../../platform/thread-calls'
import type { ImagePurpose } from '../../shared/images'
import { processImage, type UploadFormat } from './process'

export type ProcessInput = { upload: Uint8Array<ArrayBuffer>; format: UploadFormat; purpose: ImagePurpose }

answerCalls(({ upload, format, purpose }: ProcessInput) => processImage(upload, format, purpose), (image) => [image.bytes.buffer])
