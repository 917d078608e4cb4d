// Squoosh's JPEG and WebP codecs (the @jsquash builds) for tests: to make uploads of each format and
// read back the pixels of what the server stored.
import decodeJpeg, { init as initJpegDecoder } from '@jsquash/jpeg/decode'
import encodeJpeg, { init as initJpegEncoder } from '@jsquash/jpeg/encode'
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode'
import { join } from 'node:path'

const modules = join(import.meta.dir, '../../node_modules/@jsquash')
type Init = (module: WebAssembly.Module) => Promise<unknown>
let ready: Promise<unknown> | undefined
const prepare = () =>
  (ready ??= Promise.all(
    [
      [initJpegDecoder, 'jpeg/codec/dec/mozjpeg_dec.wasm'],
      [initJpegEncoder, 'jpeg/codec/enc/mozjpeg_enc.wasm'],
      [initWebpEncoder, 'webp/codec/enc/webp_enc.wasm'],
    ].map(async ([init, file]) => (init as Init)(await WebAssembly.compile(await Bun.file(join(modules, file as string)).arrayBuffer()))),
  ))

export type Pixels = { width: number; height: number; data: Uint8ClampedArray<ArrayBuffer> }

export async function readJpeg(bytes: Uint8Array): Promise<Pixels> {
  await prepare()
  return decodeJpeg(bytes.slice().buffer)
}

export async function writeJpeg(image: Pixels, quality = 90): Promise<Uint8Array<ArrayBuffer>> {
  await prepare()
  return new Uint8Array(await encodeJpeg(new ImageData(image.data, image.width, image.height), { quality }))
}

export async function writeWebp(image: Pixels): Promise<Uint8Array<ArrayBuffer>> {
  await prepare()
  return new Uint8Array(await encodeWebp(new ImageData(image.data, image.width, image.height)))
}

/** An image of width × height whose pixels `paint` gives as [r, g, b, a]. */
export function painted(width: number, height: number, paint: (x: number, y: number) => readonly number[]): Pixels {
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 4)
  return { width, height, data }
}

export const pixelAt = (image: Pixels, x: number, y: number) => [...image.data.slice((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)]
