import { defineTables, stamp } from '../../platform/db/kit'
import type { ImagePurpose } from '../../shared/images'
import { accountIdColumn } from '../accounts/tables'

export const imageTables = defineTables((k) => ({
  // Images an account uploaded, as Linkcard re-encoded them. The id is a hash of the account and
  // the bytes, so an image's address never changes and the same upload twice is one image. The
  // bytes are here unless an S3-compatible store keeps them (then `data` is null).
  images: k.table(
    'images',
    {
      id: k.text('id').primaryKey(),
      accountId: accountIdColumn(k),
      purpose: k.text('purpose').$type<ImagePurpose>().notNull(),
      contentType: k.text('content_type').$type<'image/png' | 'image/jpeg'>().notNull(),
      width: k.integer('width').notNull(),
      height: k.integer('height').notNull(),
      size: k.integer('size').notNull(),
      data: k.bytes('data'),
      createdAt: stamp(k, 'created_at'),
    },
    (t) => [k.index('images_account_idx').on(t.accountId, t.createdAt)],
  ),
}))
