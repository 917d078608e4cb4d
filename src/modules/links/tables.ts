import type { TwitterApp, TwitterPlayer } from '../../shared/card-rules'
import type { CardImageLayout } from '../../shared/card-images'
import type { PlatformCards } from '../../shared/platform-cards'
import type { TwitterCard } from '../../shared/domain'
import type { ImportedFrom } from '../../shared/imports'
import type { CardVariant, LinkVariant } from '../../shared/link-rules'
import type { TagColor } from '../../shared/tags'
import { defineTables, id, stamp } from '../../platform/db/kit'
import { accountIdColumn } from '../accounts/tables'
import { createdByColumn } from '../auth/tables'

export const linkTables = defineTables((k) => {
  const shareLinks = k.table(
    'share_links',
    {
      id: id(k),
      accountId: accountIdColumn(k),
      createdBy: createdByColumn(k),
      slug: k.text('slug').notNull(),
      alias: k.text('alias'),
      // The account's custom domain the link lives on (its hostname; null: the service's own host).
      domain: k.text('domain'),
      // lower(alias), after "<domain>/" on a custom domain (aliasKeyOf): aliases are unique per
      // domain and resolve case-insensitively.
      aliasKey: k.text('alias_key'),
      targetUrl: k.text('target_url').notNull(),
      // The normalised target URL, for duplicate detection and look-up by target.
      targetKey: k.text('target_key').notNull(),
      title: k.text('title').notNull(),
      description: k.text('description'),
      ogImage: k.text('og_image'),
      ogImageAlt: k.text('og_image_alt'),
      // What the image turned out to be when it was read after saving (null: not read, or unreadable).
      ogImageWidth: k.integer('og_image_width'),
      ogImageHeight: k.integer('og_image_height'),
      ogImageType: k.text('og_image_type'),
      ogImageBytes: k.integer('og_image_bytes'),
      twitterCard: k.text('twitter_card').$type<TwitterCard>().notNull().default('summary_large_image'),
      // What X's player and app cards need; null when the link has none.
      twitterPlayer: k.json<TwitterPlayer>('twitter_player'),
      twitterApp: k.json<TwitterApp>('twitter_app'),
      themeColor: k.text('theme_color'),
      // The title, description or image one platform's crawler gets instead of the link's own; null for none.
      platformCards: k.json<PlatformCards>('platform_cards'),
      // A second card crawlers get in turn with the link's own, to compare (CONTRACT: cardVariant); null for none.
      cardVariant: k.json<CardVariant>('card_variant'),
      // The layout of the card image Linkcard makes while the link has no image of its own; null for none.
      cardImage: k.text('card_image').$type<CardImageLayout>(),
      canonicalUrl: k.text('canonical_url'),
      expiresAt: k.time('expires_at'),
      // Where people go once the link has expired or reached its click limit (null: a 410 page).
      fallbackUrl: k.text('fallback_url'),
      // People's clicks the link sends on to its target; later ones get the fallback.
      clickLimit: k.integer('click_limit'),
      // Where people on iOS or Android, or in a country (upper-case ISO code → URL), go instead of
      // the target; null for none. Columns of the row, so the cached row routes with no read.
      iosUrl: k.text('ios_url'),
      androidUrl: k.text('android_url'),
      geoTargets: k.json<Record<string, string>>('geo_targets'),
      // The targets people are split between, by weight, instead of the target (CONTRACT: variants); null for none.
      variants: k.json<LinkVariant[]>('variants'),
      // Whether a visitor's query string is added to where they are sent (CONTRACT: forwardQuery).
      forwardQuery: k.flag('forward_query').notNull().default(true),
      // Whether people on iOS and Android are sent to the app's store (its app card's ids) when the
      // app did not open the link itself (CONTRACT: appLink).
      appLink: k.flag('app_link').notNull().default(false),
      // argon2id of the password people give before they are sent on (null: none asked).
      passwordHash: k.text('password_hash'),
      isActive: k.flag('is_active').notNull().default(true),
      // An imported link's life before: the service, when it was made there and its clicks there (null: made here).
      importedFrom: k.json<ImportedFrom>('imported_from'),
      // Goes up by one whenever what crawlers get changes (card_versions keeps when each began).
      cardVersion: k.integer('card_version').notNull().default(1),
      createdAt: stamp(k, 'created_at'),
      updatedAt: stamp(k, 'updated_at'),
    },
    (t) => [
      k.uniqueIndex('share_links_slug_idx').on(t.slug),
      k.uniqueIndex('share_links_alias_key_idx').on(t.aliasKey),
      k.index('share_links_account_created_idx').on(t.accountId, t.createdAt),
      k.index('share_links_account_target_idx').on(t.accountId, t.targetKey),
      k.index('share_links_created_by_idx').on(t.createdBy),
    ],
  )
  // The aliases a link had and still answers to, so short URLs shared and QR codes printed with them
  // keep working. One namespace with the links' own aliases: a key is in one of the two at most.
  const formerAliases = k.table(
    'former_aliases',
    {
      aliasKey: k.text('alias_key').primaryKey(),
      alias: k.text('alias').notNull(),
      linkId: k
        .text('link_id')
        .notNull()
        .references(() => shareLinks.id, { onDelete: 'cascade' }),
      createdAt: stamp(k, 'created_at'),
    },
    (t) => [k.index('former_aliases_link_idx').on(t.linkId)],
  )
  // The account's tags; a name is unique in the account however it is written (name_key is
  // nameKey(name): Unicode-normalised, case-folded).
  const tags = k.table(
    'tags',
    {
      id: id(k),
      accountId: accountIdColumn(k),
      name: k.text('name').notNull(),
      nameKey: k.text('name_key').notNull(),
      color: k.text('color').$type<TagColor>().notNull(),
      createdAt: stamp(k, 'created_at'),
    },
    (t) => [k.uniqueIndex('tags_account_name_idx').on(t.accountId, t.nameKey)],
  )
  const linkTags = k.table(
    'link_tags',
    {
      linkId: k
        .text('link_id')
        .notNull()
        .references(() => shareLinks.id, { onDelete: 'cascade' }),
      tagId: k
        .text('tag_id')
        .notNull()
        .references(() => tags.id, { onDelete: 'cascade' }),
    },
    (t) => [k.primaryKey({ columns: [t.linkId, t.tagId] }), k.index('link_tags_tag_idx').on(t.tagId)],
  )
  // When each card version after the first began (the first began with the link), so a crawler's
  // fetch at a known time can be told which version it got.
  const cardVersions = k.table(
    'card_versions',
    {
      linkId: k
        .text('link_id')
        .notNull()
        .references(() => shareLinks.id, { onDelete: 'cascade' }),
      version: k.integer('version').notNull(),
      since: stamp(k, 'since'),
    },
    (t) => [k.primaryKey({ columns: [t.linkId, t.version] })],
  )
  // The addresses of deleted links (goneAddressKey: a slug, or an alias key), so their visitors get
  // a page in the account's brand that says the link no longer works. A new link that takes one
  // answers before it; the row goes with its account.
  const goneAddresses = k.table(
    'gone_addresses',
    {
      key: k.text('key').primaryKey(),
      accountId: accountIdColumn(k),
      goneAt: stamp(k, 'gone_at'),
    },
    (t) => [k.index('gone_addresses_account_idx').on(t.accountId)],
  )
  return { shareLinks, formerAliases, tags, linkTags, cardVersions, goneAddresses }
})
