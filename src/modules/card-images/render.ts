// Draws a card image: satori lays the layout out as SVG with the bundled Inter font, resvg (its
// WebAssembly build, so the single executable carries it) turns that into a PNG. Both are loaded
// on the first image, not on import.
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import wasmFile from '@resvg/resvg-wasm/index_bg.wasm' with { type: 'file' }
import regularFile from '@fontsource/inter/files/inter-latin-400-normal.woff' with { type: 'file' }
import boldFile from '@fontsource/inter/files/inter-latin-700-normal.woff' with { type: 'file' }
import satori from 'satori'
import { CARD_IMAGE_SIZE, type CardImageLayout } from '../../shared/card-images'

export type CardImageContent = { layout: CardImageLayout; title: string; description: string | null; site: string; color: string }

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

type Node = { type: string; props: { style: Record<string, unknown>; children?: Node | string | (Node | string | null)[] } }
const box = (style: Record<string, unknown>, children?: Node['props']['children']): Node => ({ type: 'div', props: { style: { display: 'flex', ...style }, children } })

/** Longer titles are set smaller, so a title of any allowed length fits its lines. */
const titleSize = (title: string) => (title.length <= 50 ? 68 : title.length <= 90 ? 56 : title.length <= 140 ? 46 : 38)

/** Black or white, whichever reads better on the colour. */
function textOn(color: string) {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16) / 255)
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.6 ? '#0f172a' : '#ffffff'
}

function layoutOf({ layout, title, description, site, color }: CardImageContent): Node {
  const clamp = (lines: number) => ({ display: 'block', lineClamp: lines, overflow: 'hidden' })
  const heading = (fill: string, align: 'left' | 'center' = 'left') =>
    box({ ...clamp(4), fontSize: titleSize(title), fontWeight: 700, lineHeight: 1.15, color: fill, textAlign: align, alignSelf: 'stretch' }, title)
  const text = (fill: string, align: 'left' | 'center' = 'left') =>
    description ? box({ ...clamp(2), fontSize: 30, lineHeight: 1.35, color: fill, marginTop: 24, textAlign: align, alignSelf: 'stretch' }, description) : null
  const siteLine = (fill: string, dot: string) =>
    box({ alignItems: 'center', fontSize: 28, color: fill }, [box({ width: 18, height: 18, borderRadius: 9, background: dot, marginRight: 14 }), site])
  const page = { width: '100%', height: '100%', fontFamily: 'Inter' }
  switch (layout) {
    case 'bold': {
      const fill = textOn(color)
      return box({ ...page, padding: 80, background: color }, [
        box({ flexDirection: 'column', width: CARD_IMAGE_SIZE.width - 160 }, [heading(fill), text(fill)]),
        box({ position: 'absolute', left: 80, bottom: 64 }, [siteLine(fill, fill)]),
      ])
    }
    case 'minimal':
      return box({ ...page, alignItems: 'center', paddingLeft: 96, background: '#ffffff' }, [
        box({ flexDirection: 'column', alignItems: 'center', width: CARD_IMAGE_SIZE.width - 192 }, [
          heading('#0f172a', 'center'),
          box({ width: 120, height: 8, borderRadius: 4, background: color, marginTop: 36, marginBottom: 4 }),
          text('#475569', 'center'),
        ]),
        box({ position: 'absolute', left: 0, bottom: 52, width: '100%', justifyContent: 'center', fontSize: 26, color: '#64748b' }, site),
      ])
    default:
      return box({ ...page, background: '#f8fafc' }, [
        box({ width: 24, height: '100%', background: color }),
        box({ flexDirection: 'column', justifyContent: 'space-between', padding: '80px 88px 72px 72px', flex: 1 }, [
          box({ flexDirection: 'column' }, [heading('#0f172a'), text('#475569')]),
          siteLine('#334155', color),
        ]),
      ])
  }
}

/** The card image as a 1200×630 PNG; the same content gives the same bytes. */
export async function renderCardImage(content: CardImageContent): Promise<Uint8Array<ArrayBuffer>> {
  const fonts = await prepare()
  const svg = await satori(layoutOf(content) as Parameters<typeof satori>[0], { ...CARD_IMAGE_SIZE, fonts })
  return new Uint8Array(new Resvg(svg, { fitTo: { mode: 'width', value: CARD_IMAGE_SIZE.width } }).render().asPng())
}
