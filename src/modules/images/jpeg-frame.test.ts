import { describe, expect, it } from 'bun:test'
import { jpegFrameSize } from './jpeg-frame'

const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255, ...body]
const frame = (width: number, height: number) => segment(0xc0, [8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
const jpeg = (...parts: number[][]) => new Uint8Array([0xff, 0xd8, ...parts.flat(), ...segment(0xda, [1, 1, 0, 0, 63, 0]), 0xff, 0xd9])

describe('jpegFrameSize', () => {
  it("reads the first frame's size after the segments before it", () => {
    expect(jpegFrameSize(jpeg(segment(0xe0, [...new TextEncoder().encode('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]), frame(1200, 630)))).toEqual({ width: 1200, height: 630 })
    expect(jpegFrameSize(jpeg(segment(0xc2, [8, 0, 40, 0, 80, 1, 1, 0x11, 0])))).toEqual({ width: 80, height: 40 })
  })

  it('skips a decoy frame inside a comment, as the decoder does, after a restart marker that stands alone', () => {
    const decoy = [0xff, 0xd0, ...segment(0xfe, [0, 0, ...frame(16, 16), 0, 0])]
    expect(jpegFrameSize(jpeg(decoy, frame(8000, 8000)))).toEqual({ width: 8000, height: 8000 })
  })

  it('finds none in what is not a JPEG, has no frame before its scan, or ends early', () => {
    expect(jpegFrameSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined()
    expect(jpegFrameSize(jpeg())).toBeUndefined()
    expect(jpegFrameSize(new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8]))).toBeUndefined()
    expect(jpegFrameSize(new Uint8Array([0xff, 0xd8, 0xff, 0xfe, 0xff, 0xff]))).toBeUndefined()
  })
})
