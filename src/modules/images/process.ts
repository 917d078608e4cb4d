// What Linkcard makes of an uploaded image: decoded (turned upright by its EXIF orientation),
// shrunk to fit its purpose and encoded again, so what is stored and served carries none of the
// upload's metadata (camera, place) and fits every platform's limits. The codecs are Squoosh's
// WebAssembly builds, carried by the single executable and loaded on the first image.
import decodeJpeg, { init as initJpegDecoder } from '@jsquash/jpeg/decode'
import encodeJpeg, { init as initJpegEncoder } from '@jsquash/jpeg/encode'
import decodePng, { init as initPngDecoder } from '@jsquash/png/decode'
import encodePng from '@jsquash/png/encode'
import decodeWebp, { init as initWebpDecoder } from '@jsquash/webp/decode'
import resize, { initResize } from '@jsquash/resize'
import jpegDecoderFile from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm' with { type: 'file' }
import jpegEncoderFile from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm' with { type: 'file' }
// @ts-expect-error: a path as Bun imports files, not the module the .wasm's own .d.ts describes
import pngFile from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm' with { type: 'file' }
import webpDecoderFile from '@jsquash/webp/codec/dec/webp_dec.wasm' with { type: 'file' }
// @ts-expect-error: as above
import resizeFile from '@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm' with { type: 'file' }
import { IMAGE_FIT, IMAGE_UPLOAD_MAX_PIXELS, type ImagePurpose } from '../../shared/images'

export type UploadFormat = 'image/png' | 'image/jpeg' | 'image/webp'
export type ProcessedImage = { bytes: Uint8Array<ArrayBuffer>; contentType: 'image/png' | 'image/jpeg'; width: number; height: number }

type Init = (module: WebAssembly.Module) => Promise<unknown>
let ready: Promise<unknown> | undefined
function prepare() {
  // Each codec is given its compiled module, so none looks for its file beside the script.
  const load = async (init: unknown, file: string) => (init as Init)(await WebAssembly.compile(await Bun.file(file).arrayBuffer()))
  ready ??= Promise.all([
    load(initJpegDecoder, jpegDecoderFile),
    load(initJpegEncoder, jpegEncoderFile),
    load(initPngDecoder, pngFile),
    load(initWebpDecoder, webpDecoderFile),
    load(initResize, resizeFile),
  ])
  return ready
}

function decode(bytes: Uint8Array, format: UploadFormat): Promise<ImageData> {
  const buffer = bytes.slice().buffer
  if (format === 'image/jpeg') return decodeJpeg(buffer, { preserveOrientation: true })
  if (format === 'image/png') return decodePng(buffer)
  return decodeWebp(buffer)
}

function isOpaque(image: ImageData) {
  for (let at = 3; at < image.data.length; at += 4) if (image.data[at] !== 255) return false
  return true
}

/** The image on white: platforms show a card's transparent parts on white, grey or black alike. */
function onWhite(image: ImageData): ImageData {
  const data = new Uint8ClampedArray(image.data)
  for (let at = 0; at < data.length; at += 4) {
    const alpha = data[at + 3]! / 255
    for (let channel = 0; channel < 3; channel++) data[at + channel] = Math.round(data[at + channel]! * alpha + 255 * (1 - alpha))
    data[at + 3] = 255
  }
  return new ImageData(data, image.width, image.height)
}

/** The image shrunk (never enlarged) to fit a square of `side`. */
async function fitted(image: ImageData, side: number): Promise<ImageData> {
  const scale = Math.min(1, side / Math.max(image.width, image.height))
  if (scale === 1) return image
  const width = Math.max(1, Math.round(image.width * scale))
  const height = Math.max(1, Math.round(image.height * scale))
  // Premultiplied only where there is transparency: it costs several times the time.
  return resize(image, { width, height, method: 'lanczos3', fitMethod: 'stretch', premultiply: !isOpaque(image), linearRGB: false })
}

// Lower qualities are tried before smaller sizes, as platforms show a large image best.
const JPEG_QUALITIES = [82, 72, 62]
const SHRINK = 0.8
const SMALLEST_SIDE = 16

/** The upload as stored for its purpose: a card image as a JPEG within 1200 px and 300 KB, a logo as a PNG within 512 px and 1 MB. */
export async function processImage(upload: Uint8Array, format: UploadFormat, purpose: ImagePurpose): Promise<ProcessedImage> {
  await prepare()
  const { maxSide, maxBytes } = IMAGE_FIT[purpose]
  const decoded = await decode(upload, format)
  // Checked before decoding too; this holds should a header and its decoder ever disagree.
  if (decoded.width * decoded.height > IMAGE_UPLOAD_MAX_PIXELS) throw new Error('The image has more pixels than its header said.')
  let image = await fitted(decoded, maxSide)
  if (purpose === 'card' && !isOpaque(image)) image = onWhite(image)
  for (;;) {
    const last = Math.max(image.width, image.height) <= SMALLEST_SIDE
    // Without trellis quantisation: a tenth more bytes for a seventh of the time.
    const encodings = purpose === 'logo' ? [() => encodePng(image)] : JPEG_QUALITIES.map((quality) => () => encodeJpeg(image, { quality, trellis_loops: 0 }))
    for (const encode of encodings) {
      const bytes = new Uint8Array(await encode())
      if (bytes.byteLength <= maxBytes || last)
        return { bytes, contentType: purpose === 'logo' ? 'image/png' : 'image/jpeg', width: image.width, height: image.height }
    }
    image = await fitted(image, Math.floor(Math.max(image.width, image.height) * SHRINK))
  }
}
