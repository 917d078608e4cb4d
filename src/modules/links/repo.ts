// SQL for share links. Every query of an account's links names the account first, so another
// account's link is simply not found.
import { and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, isNotNull, isNull, not, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { db, type Db, groupCommitted, inList, isPostgres, kit, listParam, prepared, reads, transaction, unindexed } from '../../platform/db'
import { containsText, offsetOf, type PageQuery } from '../../platform/paging'
import type { ImageFacts } from '../../shared/image-rules'
import type { LinkStatusFilter } from '../../shared/link-list'
import { linkTables } from './tables'

const { shareLinks, formerAliases, tags, linkTags, cardVersions, goneAddresses } = linkTables(kit)

export type LinkRow = typeof shareLinks.$inferSelect
export type NewLinkRow = typeof shareLinks.$inferInsert

/** Work done in a change's own transaction, with the rows it changed: the messages it tells (the outbox). */
export type AlongsideChange<T> = (tx: Db, changed: T) => Promise<void>

/** The change alone, or, with work alongside it, both in one transaction. */
function changeWith<T>(change: (on: Db) => Promise<T>, alongside: AlongsideChange<T> | undefined): Promise<T> {
  if (!alongside) return change(db)
  return transaction(async (tx) => {
    const changed = await change(tx)
    await alongside(tx, changed)
    return changed
  })
}

const LINK_COLUMNS = Object.entries(getTableColumns(shareLinks))

// One row's insert, built by drizzle once: building it anew was most of what a create cost. Its
// values are bound as they are (driverValues), so null stays NULL whatever the column's kind.
const insertRow = prepared((db) =>
  db
    .insert(shareLinks)
    .values(Object.fromEntries(LINK_COLUMNS.map(([key]) => [key, sql`${sql.placeholder(key)}`])) as unknown as NewLinkRow)
    .onConflictDoNothing({ target: shareLinks.id })
    .returning()
    .prepare(),
)

/** A row's values as the driver takes them, with the defaults drizzle would give what is left out. */
function driverValues(row: NewLinkRow) {
  const values: Record<string, unknown> = {}
  for (const [key, column] of LINK_COLUMNS) {
    const given = row[key as keyof NewLinkRow]
    const value = given !== undefined ? given : (column.default ?? column.defaultFn?.() ?? null)
    values[key] = value === null ? null : column.mapToDriverValue(value)
  }
  return values
}

// SQLite: single links made at about the same time share one commit.
const insertSoon = groupCommitted((row: NewLinkRow) => insertRow().all(driverValues(row)))

// PostgreSQL: a batch's rows as one JSON parameter, made rows again by jsonb_populate_recordset in
// one prepared statement, where a multi-row VALUES list is a statement of thousands of parameters
// for drizzle to build and PostgreSQL to parse on every call.
const insertFromJson = (on: Db, rows: SQLWrapper) =>
  on
    .insert(shareLinks)
    .select(sql`select ${sql.join(LINK_COLUMNS.map(([, column]) => sql.identifier(column.name)), sql`, `)} from jsonb_populate_recordset(null::${shareLinks}, ${rows}::jsonb)`)
    .onConflictDoNothing({ target: shareLinks.id })
    .returning()
const insertRows = prepared((db) => insertFromJson(db, sql.placeholder('rows')).prepare())

// Columns whose values go into insertRows' JSON as they are, not as the text drizzle binds for them.
const JSON_COLUMNS = new Set(LINK_COLUMNS.flatMap(([key, column]) => (column.getSQLType() === 'jsonb' ? [key] : [])))

/** Rows as insertRows takes them: JSON objects by column name. */
function rowsJson(rows: NewLinkRow[]) {
  return JSON.stringify(
    rows.map((row) => {
      const values = driverValues(row)
      return Object.fromEntries(LINK_COLUMNS.map(([key, column]) => [column.name, JSON_COLUMNS.has(key) ? (row[key as keyof NewLinkRow] ?? null) : values[key]]))
    }),
  )
}

/**
 * Inserts the rows and answers them in their order. A row whose id exists (a batch done again) is
 * left as stored and answered as it is; any other clash (slug, alias) throws and inserts none. On
 * SQLite the rows of a batch go one prepared insert each in one transaction; PostgreSQL takes them
 * in one prepared statement, one round trip. `alongside` runs in the same transaction, with the
 * rows inserted (not those that existed).
 */
export async function insertLinks(values: NewLinkRow[], alongside?: AlongsideChange<LinkRow[]>): Promise<LinkRow[]> {
  const rows = values.map((row) => (row.id ? row : { ...row, id: Bun.randomUUIDv7() }))
  let made: LinkRow[]
  if (alongside)
    made = await changeWith(async (tx) => (isPostgres ? await insertFromJson(tx, sql`${rowsJson(rows)}`) : rows.flatMap((row) => insertRow().all(driverValues(row)))), alongside)
  else if (isPostgres) made = rows.length === 1 ? await insertRow().execute(driverValues(rows[0]!)) : await insertRows().execute({ rows: rowsJson(rows) })
  else made = rows.length === 1 ? await insertSoon(rows[0]!) : await transaction(async () => rows.flatMap((row) => insertRow().all(driverValues(row))))
  const byId = new Map(made.map((row) => [row.id, row]))
  if (made.length < rows.length) {
    const earlier = rows.filter((row) => !byId.has(row.id!)).map((row) => row.id!)
    for (const row of await db.select().from(shareLinks).where(inArray(shareLinks.id, earlier))) byId.set(row.id, row)
  }
  return rows.map((row) => byId.get(row.id!)!)
}

/**
 * Which of these names are in use: `names` compared exactly with slugs, `keys` (lower case) with
 * aliases and old aliases. What a new slug or alias must not be.
 */
export async function namesInUse(names: string[], keys: string[]) {
  const taken = await namesTaken().execute({ names: listParam(names), keys: listParam(keys) })
  return {
    names: new Set(taken.flatMap((row) => (row.isKey ? [] : [row.name]))),
    keys: new Set(taken.flatMap((row) => (row.isKey ? [row.name] : []))),
  }
}

// A batch's look-ups (namesInUse, findByTargetKeys), each one prepared statement and one round
// trip for lists of any length.
const namesTaken = prepared((db) =>
  db
    .select({ name: sql<string>`${shareLinks.slug}`, isKey: sql<number>`0` })
    .from(shareLinks)
    .where(inList(shareLinks.slug, 'names'))
    .unionAll(db.select({ name: sql<string>`${shareLinks.aliasKey}`, isKey: sql<number>`1` }).from(shareLinks).where(inList(shareLinks.aliasKey, 'keys')))
    .unionAll(db.select({ name: sql<string>`${formerAliases.aliasKey}`, isKey: sql<number>`1` }).from(formerAliases).where(inList(formerAliases.aliasKey, 'keys')))
    .prepare(),
)
const byTargetKeys = prepared((db) =>
  db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.accountId, sql.placeholder('accountId')), inList(shareLinks.targetKey, 'targetKeys')))
    .prepare(),
)

export async function findLink(accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.accountId, accountId), eq(shareLinks.id, id)))
    .limit(1)
  return row
}

/** Which of an account's links a list shows: `tag` is a tag's key (its name in lower case). */
export type LinkListFilter = { search?: string; status: LinkStatusFilter; tag?: string; healthIn?: SQL; now: Date }
/** The orders the database makes; ties go to the newest, then by id, so pages never overlap. */
export type LinkRowOrder = 'newest' | 'oldest' | 'title'

function listed(accountId: string, filter: LinkListFilter) {
  const conditions: (SQL | undefined)[] = [eq(shareLinks.accountId, accountId)]
  if (filter.search) {
    const text = filter.search
    conditions.push(or(containsText(shareLinks.title, text), containsText(shareLinks.targetUrl, text), containsText(sql`coalesce(${shareLinks.alias}, '')`, text), containsText(shareLinks.slug, text)))
  }
  // An expired link no longer sends anyone on, so it lists as inactive.
  const live = and(eq(shareLinks.isActive, true), or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, filter.now)))
  if (filter.status === 'active') conditions.push(live)
  if (filter.status === 'inactive') conditions.push(not(live!))
  if (filter.tag !== undefined) {
    const tagged = db.select({ id: linkTags.linkId }).from(linkTags).innerJoin(tags, eq(tags.id, linkTags.tagId))
    conditions.push(inArray(shareLinks.id, tagged.where(and(eq(tags.accountId, accountId), eq(tags.nameKey, filter.tag)))))
  }
  if (filter.healthIn) conditions.push(sql`${shareLinks.id} in (${filter.healthIn})`)
  return and(...conditions)
}

const newestFirst = [desc(shareLinks.createdAt), desc(shareLinks.id)]
const ROW_ORDERS: Record<LinkRowOrder, SQL[]> = {
  newest: newestFirst,
  oldest: [asc(shareLinks.createdAt), asc(shareLinks.id)],
  title: [asc(sql`lower(${shareLinks.title})`), ...newestFirst],
}

/** A page of the account's links in `order`, and how many match in all. */
export async function listLinks(accountId: string, filter: LinkListFilter, order: LinkRowOrder, page: { limit: number; offset: number }) {
  const where = listed(accountId, filter)
  const [rows, [{ total }]] = await Promise.all([
    reads.select().from(shareLinks).where(where).orderBy(...ROW_ORDERS[order]).limit(page.limit).offset(page.offset),
    reads.select({ total: count() }).from(shareLinks).where(where),
  ])
  return { rows, total: Number(total) }
}

/**
 * A page of the account's links ordered by a count `counts` names (a statement with the columns
 * link_id, clicks and previews), most first, newest first among equals; and how many match in all.
 */
export async function listLinksByCount(accountId: string, filter: LinkListFilter, counts: SQL, column: 'clicks' | 'previews', page: { limit: number; offset: number }) {
  const where = listed(accountId, filter)
  const [rows, [{ total }]] = await Promise.all([
    reads
      .select({ link: shareLinks })
      .from(shareLinks)
      .leftJoin(sql`(${counts}) as counts`, sql`counts.link_id = ${shareLinks.id}`)
      .where(where)
      .orderBy(sql`coalesce(${sql.raw(`counts.${column}`)}, 0) desc`, ...newestFirst)
      .limit(page.limit)
      .offset(page.offset),
    reads.select({ total: count() }).from(shareLinks).where(where),
  ])
  return { rows: rows.map((row) => row.link), total: Number(total) }
}

/** The account's links made after `after` (all from the first when none), oldest first, `limit` at a time. */
export async function linksAfter(accountId: string, after: LinkKey | undefined, limit: number) {
  return db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.accountId, accountId), madeAfter(after)))
    .orderBy(asc(shareLinks.createdAt), asc(shareLinks.id))
    .limit(limit)
}

/** Switches these of the account's links on or off; answers the ones that changed. */
export async function setLinksActive(accountId: string, ids: string[], isActive: boolean, alongside?: AlongsideChange<LinkRow[]>) {
  if (ids.length === 0) return []
  return changeWith(
    (on) =>
      on
        .update(shareLinks)
        .set({ isActive, updatedAt: new Date() })
        .where(and(eq(unindexed(shareLinks.accountId), accountId), inArray(shareLinks.id, ids), not(eq(shareLinks.isActive, isActive))))
        .returning(),
    alongside,
  )
}

export async function deleteLinks(accountId: string, ids: string[], alongside?: AlongsideChange<LinkRow[]>) {
  if (ids.length === 0) return []
  return deleteLinksWhere(and(eq(unindexed(shareLinks.accountId), accountId), inArray(shareLinks.id, ids))!, alongside)
}

/** The key of a deleted link's address in goneAddresses: its slug, or one of its alias keys. */
export const goneAddressKey = (kind: 'slug' | 'alias', key: string) => `${kind === 'slug' ? 's' : 'a'}:${key}`

// Rows of goneAddresses written by one statement, well under either database's bound-value limit.
const GONE_ROWS_PER_INSERT = 500

/**
 * Deletes the links `where` picks (in `tx`, else in a transaction of its own with `alongside`),
 * remembering their addresses (slug, alias and former aliases) for whoever still visits them.
 */
async function deleteLinksWhere(where: SQL, alongside?: AlongsideChange<LinkRow[]>, tx?: Db) {
  const change = async (on: Db) => {
    const former = await on
      .select({ aliasKey: formerAliases.aliasKey, accountId: shareLinks.accountId })
      .from(formerAliases)
      .innerJoin(shareLinks, eq(formerAliases.linkId, shareLinks.id))
      .where(where)
    const rows = await on.delete(shareLinks).where(where).returning()
    const gone = [
      ...rows.flatMap((row) => [
        { key: goneAddressKey('slug', row.slug), accountId: row.accountId },
        ...(row.aliasKey ? [{ key: goneAddressKey('alias', row.aliasKey), accountId: row.accountId }] : []),
      ]),
      ...former.map((entry) => ({ key: goneAddressKey('alias', entry.aliasKey), accountId: entry.accountId })),
    ]
    for (let start = 0; start < gone.length; start += GONE_ROWS_PER_INSERT) {
      await on
        .insert(goneAddresses)
        .values(gone.slice(start, start + GONE_ROWS_PER_INSERT))
        .onConflictDoUpdate({ target: goneAddresses.key, set: { accountId: sql`excluded.account_id`, goneAt: sql`excluded.gone_at` } })
    }
    await alongside?.(on, rows)
    return rows
  }
  return tx ? change(tx) : transaction(change)
}

/** The accounts whose deleted links had these addresses (goneAddressKey), in the order of the keys. */
export async function accountsOfGoneAddresses(keys: string[]) {
  const rows = await db.select().from(goneAddresses).where(inArray(goneAddresses.key, keys))
  return keys.flatMap((key) => rows.filter((row) => row.key === key).map((row) => row.accountId))
}

export const LINK_SORTS = ['createdAt', 'title'] as const
export type LinkSort = (typeof LINK_SORTS)[number]

/** Whose links a page lists: an account's, or the ones a person created. */
export type LinkScope = { accountId: string } | { createdBy: string }

const linkSortColumns = { createdAt: shareLinks.createdAt, title: shareLinks.title }

/** A page of one account's or one person's links, searched by title or target URL. */
export async function listLinksPage(scope: LinkScope, query: PageQuery<LinkSort>) {
  const owner = 'accountId' in scope ? eq(shareLinks.accountId, scope.accountId) : eq(shareLinks.createdBy, scope.createdBy)
  const where = query.search ? and(owner, or(containsText(shareLinks.title, query.search), containsText(shareLinks.targetUrl, query.search))) : owner
  const order = query.sortOrder === 'asc' ? asc : desc
  const [rows, [{ total }]] = await Promise.all([
    reads
      .select()
      .from(shareLinks)
      .where(where)
      .orderBy(order(linkSortColumns[query.sortBy]), order(shareLinks.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    reads.select({ total: count() }).from(shareLinks).where(where),
  ])
  return { rows, total: Number(total) }
}

/** How many of the account's links live on its custom domain `hostname`. */
export async function countLinksOnDomain(accountId: string, hostname: string) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(shareLinks)
    .where(and(eq(shareLinks.accountId, accountId), eq(shareLinks.domain, hostname)))
  return Number(total)
}

export async function countLinks() {
  const [{ total }] = await reads.select({ total: count() }).from(shareLinks)
  return Number(total)
}

/** An alias a link had, as typed and as its lower-case key. */
export type FormerAlias = { alias: string; aliasKey: string }

/**
 * Changes the account's link; with `former`, the aliases it keeps answering to become exactly
 * these, in the same transaction; with `newCard`, its card becomes the next version, begun now.
 * `alongside` runs last in the same transaction, with the changed row.
 */
export async function updateLink(accountId: string, id: string, changes: Partial<NewLinkRow>, former?: FormerAlias[], newCard = false, alongside?: AlongsideChange<LinkRow>) {
  return transaction(async (tx) => {
    const now = new Date()
    const [row] = await tx
      .update(shareLinks)
      .set({ ...changes, updatedAt: now, ...(newCard && { cardVersion: sql`${shareLinks.cardVersion} + 1` }) })
      .where(and(eq(shareLinks.accountId, accountId), eq(shareLinks.id, id)))
      .returning()
    if (row && newCard) await tx.insert(cardVersions).values({ linkId: id, version: row.cardVersion, since: now })
    if (!row) return row
    if (former) {
      const keys = former.map((entry) => entry.aliasKey)
      await tx.delete(formerAliases).where(and(eq(formerAliases.linkId, id), keys.length > 0 ? not(inArray(formerAliases.aliasKey, keys)) : undefined))
      const had = new Set((await tx.select({ key: formerAliases.aliasKey }).from(formerAliases).where(eq(formerAliases.linkId, id))).map((entry) => entry.key))
      const added = former.filter((entry) => !had.has(entry.aliasKey))
      if (added.length > 0) await tx.insert(formerAliases).values(added.map((entry) => ({ ...entry, linkId: id })))
    }
    await alongside?.(tx, row)
    return row
  })
}

/** Where a walk through an account's links in the order they were made has got to. */
export type LinkKey = Pick<LinkRow, 'createdAt' | 'id'>
// The `>=` lets the database start at `after` in the account's index: the OR alone makes it read
// every link of the account and sort them, for every part.
const madeAfter = (after: LinkKey | undefined) =>
  after && and(gte(shareLinks.createdAt, after.createdAt), or(gt(shareLinks.createdAt, after.createdAt), gt(shareLinks.id, after.id)))

/**
 * The next `limit` of the account's links that show a made image (after `after`, in the order they
 * were made) begin their next card version now: the account's brand changed. Answers them.
 */
export async function newMadeImageVersions(accountId: string, after: LinkKey | undefined, limit: number) {
  return transaction(async (tx) => {
    const now = new Date()
    const next = tx
      .select({ id: shareLinks.id })
      .from(shareLinks)
      .where(and(eq(shareLinks.accountId, accountId), isNotNull(shareLinks.cardImage), isNull(shareLinks.ogImage), madeAfter(after)))
      .orderBy(asc(shareLinks.createdAt), asc(shareLinks.id))
      .limit(limit)
    const rows = await tx
      .update(shareLinks)
      .set({ cardVersion: sql`${shareLinks.cardVersion} + 1`, updatedAt: now })
      .where(inArray(shareLinks.id, next))
      .returning({ id: shareLinks.id, slug: shareLinks.slug, aliasKey: shareLinks.aliasKey, cardVersion: shareLinks.cardVersion, createdAt: shareLinks.createdAt })
    if (rows.length > 0) await tx.insert(cardVersions).values(rows.map((row) => ({ linkId: row.id, version: row.cardVersion, since: now })))
    // In the order they were made, for the next part to start after the last.
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  })
}

/** When each of the link's card versions began, oldest first (the first with the link). */
export async function cardVersionsOf(link: Pick<LinkRow, 'id' | 'createdAt'>) {
  const later = await db
    .select({ version: cardVersions.version, since: cardVersions.since })
    .from(cardVersions)
    .where(eq(cardVersions.linkId, link.id))
    .orderBy(asc(cardVersions.version))
  return [{ version: 1, since: link.createdAt }, ...later]
}

/** The aliases each of these links had and still answers to, oldest first. */
export async function formerAliasesOf(linkIds: string[]): Promise<Map<string, FormerAlias[]>> {
  const byLink = new Map<string, FormerAlias[]>()
  if (linkIds.length === 0) return byLink
  const rows = await db
    .select({ linkId: formerAliases.linkId, alias: formerAliases.alias, aliasKey: formerAliases.aliasKey })
    .from(formerAliases)
    .where(inArray(formerAliases.linkId, linkIds))
    .orderBy(asc(formerAliases.createdAt), asc(formerAliases.aliasKey))
  for (const { linkId, ...alias } of rows) byLink.set(linkId, [...(byLink.get(linkId) ?? []), alias])
  return byLink
}

/** Stores what the link's image turned out to be, if the link still shows that image; answers the row before and after. */
export async function setImageFacts(id: string, image: string, facts: ImageFacts | null) {
  const [row] = await db
    .update(shareLinks)
    .set({ ogImageWidth: facts?.width ?? null, ogImageHeight: facts?.height ?? null, ogImageType: facts?.type ?? null, ogImageBytes: facts?.bytes ?? null })
    .where(and(eq(shareLinks.id, id), eq(shareLinks.ogImage, image)))
    .returning()
  return row
}

export async function deleteLink(accountId: string, id: string, alongside?: AlongsideChange<LinkRow[]>) {
  const [row] = await deleteLinksWhere(and(eq(shareLinks.accountId, accountId), eq(shareLinks.id, id))!, alongside)
  return row
}

export async function deleteLinkById(id: string, tx?: Db) {
  const [row] = await deleteLinksWhere(eq(shareLinks.id, id), undefined, tx)
  return row
}

export async function deleteLinksCreatedBy(userId: string, accountIds: string[], tx?: Db) {
  if (accountIds.length === 0) return []
  return deleteLinksWhere(and(eq(shareLinks.createdBy, userId), inArray(shareLinks.accountId, accountIds))!, undefined, tx)
}

// The redirect path's look-ups, prepared once: building and parsing the query each time would
// cost several times the look-up itself. Both name at most one link and have no LIMIT: SQLite runs
// a statement with a bound LIMIT about three times slower.
const bySlug = prepared((db) => db.select().from(shareLinks).where(eq(shareLinks.slug, sql.placeholder('slug'))).prepare())
// An alias key names a link by its alias or by one it had and kept (never both: service.ts).
const byAliasKey = prepared((db) =>
  db
    .select()
    .from(shareLinks)
    .where(
      or(
        eq(shareLinks.aliasKey, sql.placeholder('aliasKey')),
        inArray(shareLinks.id, db.select({ id: formerAliases.linkId }).from(formerAliases).where(eq(formerAliases.aliasKey, sql.placeholder('aliasKey')))),
      ),
    )
    .prepare(),
)

export async function findBySlug(slug: string): Promise<LinkRow | undefined> {
  const [row] = await bySlug().execute({ slug })
  return row
}

export async function findByAliasKey(aliasKey: string): Promise<LinkRow | undefined> {
  const [row] = await byAliasKey().execute({ aliasKey })
  return row
}

// Asked by every public API create, to find an identical link. Unordered in SQL: with ORDER BY,
// SQLite may walk all of the account's links by (account, created) to skip a sort of a few rows.
const byTargetKey = prepared((db) =>
  db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.accountId, sql.placeholder('accountId')), eq(shareLinks.targetKey, sql.placeholder('targetKey'))))
    .prepare(),
)

/** In the order of newestFirst, for the few rows of one target. */
const sortedNewestFirst = (rows: LinkRow[]) => rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))

/** The account's links to this target key, newest first. */
export const findByTargetKey = async (accountId: string, targetKey: string) => sortedNewestFirst(await byTargetKey().execute({ accountId, targetKey }))

/** The account's links to any of these target keys, newest first. */
export async function findByTargetKeys(accountId: string, targetKeys: string[]) {
  if (targetKeys.length === 0) return []
  return sortedNewestFirst(await byTargetKeys().execute({ accountId, targetKeys: listParam(targetKeys) }))
}

// ---- Tags -------------------------------------------------------------------------------------

export type TagRow = typeof tags.$inferSelect

/** The account's tags by name, with how many links each is on. */
export async function listTags(accountId: string) {
  const rows = await db
    .select({ id: tags.id, name: tags.name, color: tags.color, links: count(linkTags.linkId) })
    .from(tags)
    .leftJoin(linkTags, eq(linkTags.tagId, tags.id))
    .where(eq(tags.accountId, accountId))
    .groupBy(tags.id)
    .orderBy(asc(tags.nameKey))
  return rows.map((row) => ({ ...row, links: Number(row.links) }))
}

export async function countTags(accountId: string, tx: Db = db) {
  const [{ total }] = await tx.select({ total: count() }).from(tags).where(eq(tags.accountId, accountId))
  return Number(total)
}

/** The account's tags with these keys. */
export async function findTagsByKey(accountId: string, keys: string[], tx: Db = db) {
  if (keys.length === 0) return []
  return tx.select().from(tags).where(and(eq(tags.accountId, accountId), inArray(tags.nameKey, keys)))
}

/** Adds these tags; a name the account has already (in any letter case) is left as it is. */
export async function insertTags(values: (typeof tags.$inferInsert)[], tx: Db = db) {
  if (values.length > 0) await tx.insert(tags).values(values).onConflictDoNothing()
}

export async function insertTag(values: typeof tags.$inferInsert, tx: Db = db) {
  const [row] = await tx.insert(tags).values(values).returning()
  return row
}

export async function updateTag(accountId: string, id: string, changes: Partial<Pick<TagRow, 'name' | 'nameKey' | 'color'>>, tx: Db = db) {
  const [row] = await tx
    .update(tags)
    .set(changes)
    .where(and(eq(tags.accountId, accountId), eq(tags.id, id)))
    .returning()
  return row
}

/** One of the account's tags, by id; another account's is not found. */
export async function findTag(accountId: string, id: string, tx: Db = db) {
  const [row] = await tx
    .select({ id: tags.id, name: tags.name, color: tags.color })
    .from(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.id, id)))
    .limit(1)
  return row
}

export async function deleteTag(accountId: string, id: string, tx: Db = db) {
  const [row] = await tx
    .delete(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.id, id)))
    .returning()
  return row
}

/** Tags whose names hold a character outside printable ASCII, oldest first: the only ones Unicode rules key anew. */
export function tagsBeyondAscii(tx: Db) {
  const beyondAscii = isPostgres ? sql`${tags.name} ~ '[^ -~]'` : sql`${tags.name} glob '*[^ -~]*'`
  return tx.select().from(tags).where(beyondAscii).orderBy(asc(tags.createdAt), asc(tags.id))
}

export async function setTagKey(id: string, nameKey: string, tx: Db) {
  await tx.update(tags).set({ nameKey }).where(eq(tags.id, id))
}

/** Puts one tag's links on another (of the same account) and deletes the first. */
export async function mergeTag(from: string, into: string, tx: Db) {
  const linkIds = (await tx.select({ linkId: linkTags.linkId }).from(linkTags).where(eq(linkTags.tagId, from))).map((row) => row.linkId)
  for (let i = 0; i < linkIds.length; i += 500)
    await tx
      .insert(linkTags)
      .values(linkIds.slice(i, i + 500).map((linkId) => ({ linkId, tagId: into })))
      .onConflictDoNothing()
  await tx.delete(tags).where(eq(tags.id, from))
}

/** Puts exactly these tags (ids of the link's account) on the link, in `tx` when given. */
export async function setLinkTags(linkId: string, tagIds: string[], tx?: Db) {
  const set = async (on: Db) => {
    await on.delete(linkTags).where(eq(linkTags.linkId, linkId))
    if (tagIds.length > 0) await on.insert(linkTags).values(tagIds.map((tagId) => ({ linkId, tagId })))
  }
  await (tx ? set(tx) : transaction(set))
}

/** Puts tags on new links: pairs of link and tag ids. */
export async function addLinkTags(pairs: { linkId: string; tagId: string }[]) {
  for (let i = 0; i < pairs.length; i += 500) await db.insert(linkTags).values(pairs.slice(i, i + 500)).onConflictDoNothing()
}

// Asked for on every create through the public API that finds a link with the same target.
const tagNamesOfLinks = prepared((db) =>
  db
    .select({ linkId: linkTags.linkId, name: tags.name })
    .from(linkTags)
    .innerJoin(tags, eq(tags.id, linkTags.tagId))
    .where(inList(linkTags.linkId, 'linkIds'))
    .orderBy(asc(tags.nameKey))
    .prepare(),
)

/** The names of each of these links' tags, in order of their keys. */
export async function tagNamesOf(linkIds: string[]): Promise<Map<string, string[]>> {
  const byLink = new Map<string, string[]>()
  if (linkIds.length === 0) return byLink
  const rows = await tagNamesOfLinks().execute({ linkIds: listParam(linkIds) })
  for (const { linkId, name } of rows) byLink.set(linkId, [...(byLink.get(linkId) ?? []), name])
  return byLink
}
