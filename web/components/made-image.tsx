import { createElement, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { CARD_IMAGE_SIZE, cardImageLayout, type CardImageContent, type CardImageNode } from '../../src/shared/card-images'
import { cn } from '../lib/cn'

/** satori's style as the browser takes it: every box a border-box, positioned as in satori (relative unless absolute). */
function browserStyle({ lineClamp, ...style }: CardImageNode['props']['style']): CSSProperties {
  const clamp = lineClamp ? { display: '-webkit-box', WebkitLineClamp: Number(lineClamp), WebkitBoxOrient: 'vertical' as const } : {}
  return { position: 'relative', boxSizing: 'border-box', minWidth: 0, ...style, ...clamp, fontFamily: 'Inter, ui-sans-serif, system-ui, sans-serif' } as CSSProperties
}

function draw(node: CardImageNode | string | null, key?: number): ReactNode {
  if (node === null || typeof node === 'string') return node
  const { style, src, children } = node.props
  if (node.type === 'img') return <img key={key} src={src} alt="" style={browserStyle(style)} />
  const inner = Array.isArray(children) ? children.map((child, at) => draw(child, at)) : draw(children ?? null)
  return createElement('div', { key, style: browserStyle(style) }, inner)
}

/**
 * The image Linkcard will make for the card, laid out as the server lays it out and scaled to cover
 * the box a platform crops it to, so the form's mock-ups show it as the person types.
 */
export function MadeImage({ content, className }: { content: CardImageContent; className?: string }) {
  const frame = useRef<HTMLDivElement>(null)
  const [box, setBox] = useState({ width: 0, height: 0 })
  useEffect(() => {
    const element = frame.current
    if (!element) return
    const observer = new ResizeObserver(() => setBox({ width: element.clientWidth, height: element.clientHeight }))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const { width, height } = CARD_IMAGE_SIZE
  const scale = Math.max(box.width / width, box.height / height)
  return (
    <div ref={frame} className={cn('relative overflow-hidden', className)} role="img" aria-label={`Made image: ${content.title}`} data-testid="mockup-made-image">
      <div
        style={{
          width,
          height,
          position: 'absolute',
          left: (box.width - width * scale) / 2,
          top: (box.height - height * scale) / 2,
          transform: `scale(${scale})`,
          transformOrigin: 'top left',
          visibility: box.width ? 'visible' : 'hidden',
        }}
      >
        {draw(cardImageLayout(content))}
      </div>
    </div>
  )
}
