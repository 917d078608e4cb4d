// Draws a card image: satori lays the layout out as SVG with the bundled Inter font, resvg (its
// WebAssembly build, so the single executable carries it) turns that into a PNG. Both are loaded
// on the first image, not on import.
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import wasmFile from '@resvg/resvg-wasm/index_bg.wasm' with { type: 'file' }
import regularFile from '@fontsource/inter/files/inter-latin-400-normal.woff' with { type: 'file' }
import boldFile from '@fontsource/inter/files/inter-latin-700-normal.woff' with { type: 'file' }
import satori from 'satori'
import { CARD_IMAGE_SIZE, cardImageLayout, type CardImageContent } from '../../shared/card-images'

type Font = { name: string; data: ArrayBuffer; weight: 400 | 700; style: 'normal' }
let ready: Promise<Font[]> | undefined

function prepare() {
  ready ??= (async () => {
    await initWasm(await Bun.file(wasmFile).arrayBuffer())
    return [
      { name: 'Inter', data: await Bun.file(regularFile).arrayBuffer(), weight: 400, style: 'normal' },
      { name: 'Inter', data: await Bun.file(boldFile).arrayBuffer(), weight: 700, style: 'normal' },
    ] satisfies Font[]
  })()
  return ready
}

/** The card image as a 1200×630 PNG; the same content gives the same bytes. */
export async function renderCardImage(content: CardImageContent): Promise<Uint8Array<ArrayBuffer>> {
  const fonts = await prepare()
  const svg = await satori(cardImageLayout(content) as Parameters<typeof satori>[0], { ...CARD_IMAGE_SIZE, fonts })
  return new Uint8Array(new Resvg(svg, { fitTo: { mode: 'width', value: CARD_IMAGE_SIZE.width } }).render().asPng())
}
