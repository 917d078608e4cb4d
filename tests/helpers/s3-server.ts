// A local S3-compatible server (s3rver) with one bucket, for the image store's S3 setting. It runs
// under Node in a process of its own: its logger's dependencies resolve as npm laid them out there.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const SCRIPT = `
const S3rver = require('s3rver')
const [directory, bucket] = process.argv.slice(1)
new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] })
  .run()
  .then(({ port }) => console.log(JSON.stringify({ port })))
`

export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' }

export async function startS3Server(bucket: string) {
  const directory = mkdtempSync(join(tmpdir(), 'linkcard-s3-'))
  const child = Bun.spawn(['node', '-e', SCRIPT, directory, bucket], { cwd: join(import.meta.dir, '../..'), stdout: 'pipe', stderr: 'inherit' })
  const reader = child.stdout.getReader()
  let text = ''
  while (!text.includes('\n')) {
    const { done, value } = await reader.read()
    if (done) throw new Error('the S3 server stopped before listening')
    text += new TextDecoder().decode(value)
  }
  const { port } = JSON.parse(text) as { port: number }
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    client: new Bun.S3Client({ endpoint, bucket, ...S3_CREDENTIALS }),
    async close() {
      child.kill()
      await child.exited
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
