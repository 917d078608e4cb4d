// Where uploaded images' bytes are kept: in the database by default, so every instance reads them
// wherever the links are; in an S3-compatible bucket when S3_BUCKET is set (Bun's own S3 client).
import { S3Client } from 'bun'
import { config } from '../../platform/config'
import { imageData } from './repo'

export type ImageStore = {
  /** Keeps an image's bytes; answers what the images table's `data` column holds: the bytes, or null when a bucket holds them. */
  put(id: string, bytes: Uint8Array, contentType: string): Promise<Buffer | null>
  get(id: string): Promise<Uint8Array<ArrayBuffer> | null>
}

const inDatabase: ImageStore = {
  put: async (_id, bytes) => Buffer.from(bytes),
  get: async (id) => {
    const data = await imageData(id)
    return data && new Uint8Array(data)
  },
}

function inBucket(settings: NonNullable<typeof config.s3>): ImageStore {
  const client = new S3Client({ ...settings })
  return {
    async put(id, bytes, contentType) {
      await client.write(`images/${id}`, bytes, { type: contentType })
      return null
    },
    async get(id) {
      const file = client.file(`images/${id}`)
      try {
        return new Uint8Array(await file.arrayBuffer())
      } catch (error) {
        if ((error as { code?: string }).code === 'NoSuchKey') return null
        throw error
      }
    },
  }
}

let store: ImageStore | undefined
/** The store in use, made on first use. */
export const imageStore = () => (store ??= config.s3 ? inBucket(config.s3) : inDatabase)
