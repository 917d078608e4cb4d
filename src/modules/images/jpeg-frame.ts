// A JPEG's frame size as its decoder (libjpeg) will read it: markers walked in order, each
// segment skipped by its length, restart markers standing alone, up to the first frame header.
// A reader that scans for the bytes of a frame header instead can be shown a small decoy frame
// inside a comment while the decoder reads a huge one.

const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
const standsAlone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01

/** The width and height of the JPEG's first frame, or undefined when it has none before its first scan. */
export function jpegFrameSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined
  const u16 = (at: number) => (bytes[at]! << 8) | bytes[at + 1]!
  let at = 2
  while (at < bytes.length) {
    // The decoder skips anything before a marker, and any fill bytes (0xFF) before its code.
    while (at < bytes.length && bytes[at] !== 0xff) at++
    while (at < bytes.length && bytes[at] === 0xff) at++
    if (at + 1 >= bytes.length) return undefined
    const marker = bytes[at++]!
    if (standsAlone(marker)) continue
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda || at + 2 > bytes.length) return undefined
    if (isFrame(marker)) return at + 7 <= bytes.length ? { height: u16(at + 3), width: u16(at + 5) } : undefined
    at += u16(at)
  }
  return undefined
}
