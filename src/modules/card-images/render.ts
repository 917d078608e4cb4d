// Draws a card image: satori lays the layout out as SVG with the bundled Inter fonts, resvg (its
// WebAssembly build, so the single executable carries it) turns that into a PNG. Both are loaded
// on the first image, not on import.
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import wasmFile from '@resvg/resvg-wasm/index_bg.wasm' with { type: 'file' }
import latin400 from '@fontsource/inter/files/inter-latin-400-normal.woff' with { type: 'file' }
import latin700 from '@fontsource/inter/files/inter-latin-700-normal.woff' with { type: 'file' }
import latinExt400 from '@fontsource/inter/files/inter-latin-ext-400-normal.woff' with { type: 'file' }
import latinExt700 from '@fontsource/inter/files/inter-latin-ext-700-normal.woff' with { type: 'file' }
import cyrillic400 from '@fontsource/inter/files/inter-cyrillic-400-normal.woff' with { type: 'file' }
import cyrillic700 from '@fontsource/inter/files/inter-cyrillic-700-normal.woff' with { type: 'file' }
import cyrillicExt400 from '@fontsource/inter/files/inter-cyrillic-ext-400-normal.woff' with { type: 'file' }
import cyrillicExt700 from '@fontsource/inter/files/inter-cyrillic-ext-700-normal.woff' with { type: 'file' }
import greek400 from '@fontsource/inter/files/inter-greek-400-normal.woff' with { type: 'file' }
import greek700 from '@fontsource/inter/files/inter-greek-700-normal.woff' with { type: 'file' }
import greekExt400 from '@fontsource/inter/files/inter-greek-ext-400-normal.woff' with { type: 'file' }
import greekExt700 from '@fontsource/inter/files/inter-greek-ext-700-normal.woff' with { type: 'file' }
import vietnamese400 from '@fontsource/inter/files/inter-vietnamese-400-normal.woff' with { type: 'file' }
import vietnamese700 from '@fontsource/inter/files/inter-vietnamese-700-normal.woff' with { type: 'file' }
import satori from 'satori'
import { CARD_IMAGE_SIZE, cardImageLayout, type CardImageContent } from '../../shared/card-images'

// Inter's subsets, each a family of its own: satori takes a glyph from the first family listed
// that has it, so titles in Latin, Cyrillic, Greek and Vietnamese scripts all draw.
const SUBSETS: Record<string, Record<400 | 700, string>> = {
  'latin': { 400: latin400, 700: latin700 },
  'latin-ext': { 400: latinExt400, 700: latinExt700 },
  'cyrillic': { 400: cyrillic400, 700: cyrillic700 },
  'cyrillic-ext': { 400: cyrillicExt400, 700: cyrillicExt700 },
  'greek': { 400: greek400, 700: greek700 },
  'greek-ext': { 400: greekExt400, 700: greekExt700 },
  'vietnamese': { 400: vietnamese400, 700: vietnamese700 },
}
const FAMILY = Object.keys(SUBSETS)
  .map((subset) => `Inter ${subset}`)
  .join(', ')

type Font = { name: string; data: ArrayBuffer; weight: 400 | 700; style: 'normal' }
let ready: Promise<Font[]> | undefined

function prepare() {
  ready ??= (async () => {
    await initWasm(await Bun.file(wasmFile).arrayBuffer())
    const files = Object.entries(SUBSETS).flatMap(([subset, weights]) => ([400, 700] as const).map((weight) => ({ subset, weight, file: weights[weight] })))
    return Promise.all(files.map(async ({ subset, weight, file }) => ({ name: `Inter ${subset}`, data: await Bun.file(file).arrayBuffer(), weight, style: 'normal' as const })))
  })()
  return ready
}

/** The card image as a 1200×630 PNG; the same content gives the same bytes. */
export async function renderCardImage(content: CardImageContent): Promise<Uint8Array<ArrayBuffer>> {
  const fonts = await prepare()
  const page = { type: 'div', props: { style: { display: 'flex', width: '100%', height: '100%', fontFamily: FAMILY }, children: cardImageLayout(content) } }
  const svg = await satori(page as Parameters<typeof satori>[0], { ...CARD_IMAGE_SIZE, fonts })
  return new Uint8Array(new Resvg(svg, { fitTo: { mode: 'width', value: CARD_IMAGE_SIZE.width } }).render().asPng())
}
