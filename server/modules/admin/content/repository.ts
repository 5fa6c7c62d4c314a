import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { listCountCap } from '../../../../common/admin-api.js';
import { type CoverageFact, coverageFacts, factsOfFields } from '../../../../common/coverage.js';
import { regionToday } from '../../../../common/date-presets.js';
import {
  contentLanguages,
  type EditableSection,
  type EditorialField,
  editableOf,
  editorial,
  editorialColumns,
  type ReferenceSource,
  titleOf,
  translatedFields,
} from '../../../../common/editorial.js';
import {
  type FactKey,
  type FactSourcesT,
  factKeys,
  factUnknown,
  type Provenance,
} from '../../../../common/fact-sources.js';
import { docHasWords, isRichDoc, richTranslatedOf } from '../../../../common/rich-text.js';
import type { DB } from '../../../db/schema.js';
import { alongTheWay, type LatLon } from '../../../lib/geo.js';
import { staffError, staffNotFound } from '../errors.js';

// The items of the editable sections as the back office sees them: published ones are rows of
// their public table, the others (draft, scheduled, archived) documents in content_drafts
// (migration 014 says why). Every save is checked against the version it was based on and
// recorded in content_history. A published item may also have a working copy
// (content_working_copies, migration 029): edits saved without changing the site, until "publish
// changes" writes them into the public row or "discard changes" drops them.

export type ItemStatus = 'published' | 'draft' | 'scheduled' | 'archived';
export type Document = Record<string, unknown>;

type Db = Kysely<DB> | Transaction<DB>;

export interface Item {
  id: number;
  status: ItemStatus;
  version: number;
  publish_at: string | null;
  updated_at: string;
  document: Document;
  /** Languages missing from at least one translated field. */
  missing: string[];
  /**
   * A published item's working copy, when it has one: `document` stays the published version (what
   * a save that is not the editor's form, a bulk action, an import, a fact's review, starts from).
   */
  working?: { document: Document; updated_at: string } | null;
}

/**
 * The item as the back office's form edits it: a published item with a working copy shows the
 * working copy, flagged, with the published version beside it.
 */
export function editingAnswer(section: EditableSection, item: Item) {
  const { working, ...rest } = item;
  if (!working) return { ...rest, working_copy: false };
  return {
    ...rest,
    document: working.document,
    updated_at: working.updated_at,
    missing: missingLanguages(section, working.document),
    working_copy: true,
    published: { document: item.document, updated_at: item.updated_at },
  };
}

const translatedColumns = (section: EditableSection) => translatedFields(editorial[section].fields);

/** The document's columns stored as JSON: the translated texts, a route's line, a place's practical facts. */
const jsonColumns = (section: EditableSection) =>
  new Set([
    ...translatedColumns(section),
    ...editorial[section].fields
      .filter((f) => ['line', 'hours', 'admission', 'accessibility', 'sources'].includes(f.kind))
      .map((f) => f.name),
  ]);

/**
 * The tables with the generated `names_all` (every language of the name, lower-cased) and its
 * trigram index, which the list searches and sorts by; the others are a few dozen rows, searched in
 * their name's JSON.
 */
const withNamesAll = new Set(['places', 'routes', 'events', 'news', 'directions', 'tourism_types']);
/** The tables with a district column, shown in the list and filtered by. */
const withDistrict = new Set(['places', 'routes', 'events', 'news', 'directions', 'cities']);

/** The public table of a section, and the condition that picks its rows there. */
function table(section: EditableSection): {
  name: string;
  scope: RawBuilder<boolean>;
  /** The column and value that make a new row one of the section's. */
  scoped: Record<string, string>;
  names: RawBuilder<unknown>;
  district: boolean;
} {
  const e = editableOf(section);
  const name = e.table;
  return {
    name,
    scope: e.scope ? sql<boolean>`${sql.ref(e.scope)} = ${section}` : sql<boolean>`true`,
    scoped: e.scope ? { [e.scope]: section } : {},
    names: withNamesAll.has(name) ? sql`names_all` : sql`lower(${sql.ref(titleOf(section))}::text)`,
    district: withDistrict.has(name),
  };
}

/**
 * The translated texts of a page's body still stored as blocks (decision 052): headings,
 * paragraphs, captions, list items. A language one of them lacks is missing, as the database's
 * gaps count it (content_blocks_lack, migration 033), until a save stores the body's documents.
 */
function blockTexts(blocks: Record<string, unknown>[]): unknown[] {
  return blocks.flatMap((b) => [b.h, b.p, b.caption, ...(Array.isArray(b.list) ? b.list : [])]);
}

/**
 * Languages a document lacks in at least one of its translated fields: a language with no words
 * (absent, blank, a rich text whose document is empty or holds only empty paragraphs or pictures
 * without captions). content_gaps judges by the same rule (migration 036), so this column and the
 * list's `missing=en|zh` filter agree.
 */
export function missingLanguages(section: EditableSection, document: Document): string[] {
  const texts = translatedColumns(section)
    .flatMap((c) => {
      const value = document[c];
      return Array.isArray(value) ? blockTexts(value as Record<string, unknown>[]) : [value];
    })
    .filter((t): t is Record<string, unknown> => !!t && typeof t === 'object');
  const present = (v: unknown) =>
    typeof v === 'string' ? v.trim() !== '' : isRichDoc(v) ? docHasWords(v) : false;
  return contentLanguages.filter((lang) => texts.some((t) => !present(t[lang])));
}

/**
 * Languages a stored item lacks: its document's, a page's body still stored as blocks counted by
 * its blocks (each text of them, as the list's filter counts it) rather than by its documents.
 */
function missingOfStored(section: EditableSection, stored: Record<string, unknown>, document: Document) {
  const blocks: Document = {};
  for (const column of richColumns(section)) {
    const value = stored[column];
    const parsed = typeof value === 'string' && value.startsWith('[') ? JSON.parse(value) : value;
    if (Array.isArray(parsed)) blocks[column] = parsed;
  }
  return missingLanguages(section, { ...document, ...blocks });
}

/**
 * A row of a public table, or a stored document, as a document: the editable columns (each one,
 * empty when absent), dates as ISO days.
 */
function documentOf(section: EditableSection, row: Record<string, unknown>): Document {
  const doc: Document = {};
  for (const column of editorialColumns(section)) {
    let value = row[column];
    if (value instanceof Date) value = value.toISOString().slice(0, 10);
    if (typeof value === 'string' && jsonColumns(section).has(column)) value = JSON.parse(value);
    if (value === '' && blankColumns(section).has(column)) value = null;
    if (column === 'fact_sources' && value) value = factSourcesInOrder(value as FactSourcesT);
    // a rich text stored as plain text before (decision 052) is edited as its document
    if (value && richColumns(section).has(column)) value = richTranslatedOf(value);
    doc[column] =
      value ??
      (column === 'images' || column.endsWith('_ids')
        ? []
        : column === 'popular'
          ? false
          : column === 'fact_sources'
            ? {}
            : null);
  }
  return doc;
}

/**
 * The sources in the schema's order (the facts', then source, checked, ref, note), as the
 * API writes them: the database's jsonb keeps its own order, and an export must read the same.
 */
function factSourcesInOrder(sources: FactSourcesT): FactSourcesT {
  return Object.fromEntries(
    Object.entries(sources)
      .sort(([a], [b]) => factKeys.indexOf(a as FactKey) - factKeys.indexOf(b as FactKey))
      .map(([fact, s]) => [
        fact,
        s && {
          source: s.source,
          checked: s.checked,
          ...(s.ref !== undefined ? { ref: s.ref } : {}),
          ...(s.note !== undefined ? { note: s.note } : {}),
        },
      ]),
  );
}

/** The rich texts' columns of a section. */
const richColumns = (section: EditableSection) =>
  new Set(editorial[section].fields.filter((f) => f.kind === 'rich').map((f) => f.name));

/** Columns where an empty value is stored as an empty text (a not-null column with nothing to say). */
const blankColumns = (section: EditableSection) =>
  new Set(editorial[section].fields.filter((f) => 'blank' in f && f.blank).map((f) => f.name));

/** A document as column values of its public table. */
function columnsOf(section: EditableSection, document: Document): Record<string, unknown> {
  const json = jsonColumns(section);
  const values: Record<string, unknown> = {};
  for (const column of editorialColumns(section)) {
    const value = document[column];
    values[column] =
      json.has(column) && value !== null && value !== undefined
        ? JSON.stringify(value)
        : value == null && blankColumns(section).has(column)
          ? ''
          : value;
  }
  return values;
}

async function publicRow(db: Db, section: EditableSection, id: number, lock = false) {
  const t = table(section);
  const columns = editorialColumns(section).map((c) => sql.ref(c));
  const result = await sql<Record<string, unknown>>`
    select ${sql.join(columns)}, version, updated_at from ${sql.table(t.name)}
    where ${t.scope} and id = ${id} ${lock ? sql`for update` : sql``}`.execute(db);
  return result.rows[0];
}

async function draftRow(db: Db, section: EditableSection, id: number, lock = false) {
  return (
    lock
      ? db
          .selectFrom('content_drafts')
          .selectAll()
          .where('section', '=', section)
          .where('id', '=', id)
          .forUpdate()
      : db.selectFrom('content_drafts').selectAll().where('section', '=', section).where('id', '=', id)
  ).executeTakeFirst();
}

async function workingRow(db: Db, section: EditableSection, id: number, lock = false) {
  const q = db
    .selectFrom('content_working_copies')
    .selectAll()
    .where('section', '=', section)
    .where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

const dropWorking = (trx: Transaction<DB>, section: EditableSection, id: number) =>
  trx.deleteFrom('content_working_copies').where('section', '=', section).where('id', '=', id).execute();

/** Sets the public row's version alone: a working copy's save or discard counts as a save of the item. */
async function setPublicVersion(trx: Transaction<DB>, section: EditableSection, id: number, version: number) {
  const t = table(section);
  await sql`update ${sql.table(t.name)} set version = ${version} where ${t.scope} and id = ${id}`.execute(
    trx,
  );
}

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d));

/** One item, published or not; null when the section has no such item. */
export async function getItem(
  db: Db,
  section: EditableSection,
  id: number,
  lock = false,
): Promise<Item | null> {
  const row = await publicRow(db, section, id, lock);
  if (row) {
    const document = documentOf(section, row);
    const copy = await workingRow(db, section, id, lock);
    return {
      working: copy
        ? {
            document: documentOf(section, copy.document as Document),
            updated_at: copy.updated_at.toISOString(),
          }
        : null,
      id,
      status: 'published',
      version: Number(row.version),
      publish_at: null,
      updated_at: iso(row.updated_at),
      document,
      missing: missingOfStored(section, row, document),
    };
  }
  const draft = await draftRow(db, section, id, lock);
  if (!draft) return null;
  // A draft saved before a field was added has no such key: it reads as the field's empty value.
  const document = documentOf(section, draft.document as Document);
  return {
    id,
    status: draft.status as ItemStatus,
    version: draft.version,
    publish_at: draft.publish_at ? draft.publish_at.toISOString() : null,
    updated_at: draft.updated_at.toISOString(),
    document,
    missing: missingOfStored(section, draft.document as Document, document),
  };
}

/** What a list is narrowed to: its search and its filters. */
export interface ListFilter {
  q?: string;
  status?: ItemStatus;
  district?: number;
  /** Only items lacking this language somewhere, or lacking a fact of the coverage table. */
  missing?: 'en' | 'zh' | CoverageFact;
  /** Only items with (or without) a real photo among their pictures. */
  photo?: 'with' | 'without';
  /** Only published items with a working copy (changes saved that the site does not show yet). */
  unpublishedChanges?: boolean;
}

export interface ListQuery extends ListFilter {
  sort: 'id' | 'name' | 'updated_at';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface ListRow {
  id: number;
  name: string;
  status: ItemStatus;
  version: number;
  updated_at: string;
  publish_at: string | null;
  district_id: number | null;
  missing: string[];
  working_copy: boolean;
}

/**
 * A search, or a filter of what items lack, counts its published matches up to this many: a common
 * word ("усадьба") matches thousands of 52,000 attractions, and counting them all read every match
 * (50 ms); "no accessibility fact" matches nearly all, and counting them read every row's facts
 * (about a second at factor 10). Past a thousand the editor narrows the list (a district, a word)
 * rather than paging on.
 */
export const searchCountCap = listCountCap;

/** Whether a kind's items have pictures (the directories and partners have none). */
export const hasPictures = (section: EditableSection) =>
  editorial[section].fields.some((f) => f.kind === 'pictures');

/** The facts of the coverage table a kind's items can state (common/coverage.ts). */
export const factsOf = (section: EditableSection) => factsOfFields(editorial[section].fields);

/**
 * What an item may lack: a fact of the coverage table, a language anywhere in its texts (`en`,
 * `zh`), a real photo. Each is a column of content_gaps (migration 033, decision 058), which the
 * database keeps for every published item and every draft: the counts and the list's filters read
 * it rather than every row's texts. Unknown is lacking: no schedule, no price, no accessibility
 * fact known (yes or no), a blank phone, no real photo (a picture with an original in the media
 * table that is not a drawn logo: a generated illustration is none, decision 3), the language
 * blank in a text that has one (for the facts, of the first texts: name, annotation, description).
 */
export type Gap = CoverageFact | 'en' | 'zh';
const gapColumn = (gap: Gap, alias = 'g') => sql.ref(`${alias}.lacks_${gap}`);

/**
 * The condition "the item (a row of its public table, or a draft) has the gap, or has not", as a
 * lookup of content_gaps: few matches are read by its primary key, many by the list's own index
 * with the gaps hashed (the planner picks from the column's statistics).
 */
function withGap(
  section: EditableSection,
  gap: Gap,
  where: 'public' | 'draft',
  has = true,
): RawBuilder<boolean> {
  return sql<boolean>`id in (select g.id from content_gaps g where g.section = ${section}
    and g.published = ${where === 'public'} and ${has ? sql`` : sql`not `}${gapColumn(gap)})`;
}

export interface SectionCoverage {
  total: number;
  facts: Partial<Record<CoverageFact, number>>;
}

/**
 * Of the sections' published items, how many state each fact their section can have: the total
 * less the items lacking it, counted in content_gaps (the column the list's `missing=` filter
 * reads, so a count and its list agree). One reading for all the sections asked (the dashboard's
 * table asks for every one: a statement per section read the table once each).
 */
export async function coverages(
  db: Db,
  sections: readonly EditableSection[],
): Promise<Map<EditableSection, SectionCoverage>> {
  const counted = coverageFacts;
  const rows = await sql<Record<string, number> & { section: EditableSection }>`
    select g.section, count(*)::int as total${sql.join(
      counted.map((f) => sql`, count(*) filter (where not ${gapColumn(f)})::int as ${sql.ref(f)}`),
      sql``,
    )} from content_gaps g where g.published and g.section = any(${[...sections]}::text[])
    group by g.section`.execute(db);
  const found = new Map<EditableSection, SectionCoverage>();
  for (const section of sections) {
    const r = rows.rows.find((x) => x.section === section);
    const facts: Partial<Record<CoverageFact, number>> = {};
    for (const f of factsOf(section)) facts[f] = Number(r?.[f] ?? 0);
    found.set(section, { total: Number(r?.total ?? 0), facts });
  }
  return found;
}

/**
 * The conditions of a list's search and filters: on the section's public table, on its drafts,
 * and which of the two the list reads. The list and a bulk action on everything it matches
 * (`matchingIds`) take them from here, so both find the same items.
 */
function listWhere(section: EditableSection, q: ListFilter) {
  const t = table(section);
  const title = titleOf(section);
  const needle = q.q?.trim().toLowerCase();
  const like = needle ? `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const byId = /^\d{1,9}$/.test(needle ?? '') ? Number(needle) : undefined;

  const publicWhere: RawBuilder<boolean>[] = [t.scope];
  const draftWhere: RawBuilder<boolean>[] = [sql<boolean>`section = ${section}`];
  if (like) {
    publicWhere.push(sql<boolean>`(${t.names} like ${like}${byId ? sql` or id = ${byId}` : sql``})`);
    draftWhere.push(
      sql<boolean>`(lower(document ->> ${title}) like ${like}${byId ? sql` or id = ${byId}` : sql``})`,
    );
  }
  if (q.district && t.district) {
    publicWhere.push(sql<boolean>`district_id = ${q.district}`);
    draftWhere.push(sql<boolean>`(document ->> 'district_id')::int = ${q.district}`);
  }
  if (q.missing) {
    publicWhere.push(withGap(section, q.missing, 'public'));
    draftWhere.push(withGap(section, q.missing, 'draft'));
  }
  if (q.photo && hasPictures(section)) {
    publicWhere.push(withGap(section, 'photo', 'public', q.photo === 'without'));
    draftWhere.push(withGap(section, 'photo', 'draft', q.photo === 'without'));
  }
  if (q.status && q.status !== 'published') draftWhere.push(sql<boolean>`status = ${q.status}`);
  const hasWorkingCopy = sql<boolean>`exists (select 1 from content_working_copies w where w.section = ${section} and w.id = ${sql.ref(`${t.name}.id`)})`;
  if (q.unpublishedChanges) publicWhere.push(hasWorkingCopy);
  const withPublic = !q.status || q.status === 'published';
  // a working copy belongs to a published item only: the rest have none
  const withDrafts = q.status !== 'published' && !q.unpublishedChanges;

  return { t, publicWhere, draftWhere, withPublic, withDrafts, hasWorkingCopy, like };
}

/**
 * A page of a section's items, published and not, with the count: the published part from the
 * section's indexes (names by their trigram index, the order by id from the primary key), the
 * rest from content_drafts, which holds few rows.
 */
export async function listItems(
  db: Db,
  section: EditableSection,
  q: ListQuery,
): Promise<{ count: number; results: ListRow[] }> {
  const texts = translatedColumns(section);
  const title = titleOf(section);
  const { t, publicWhere, draftWhere, withPublic, withDrafts, hasWorkingCopy, like } = listWhere(section, q);

  // The keys the section's indexes hold (migration 018): the page comes from an index scan.
  const sortKey = {
    id: { p: sql`id`, d: sql`id` },
    name: {
      p: withNamesAll.has(t.name) ? sql`left(names_all, 100)` : sql`lower(${sql.ref(title)} ->> 'ru')`,
      d: sql`left(lower(document -> ${title} ->> 'ru'), 100)`,
    },
    updated_at: { p: sql`updated_at`, d: sql`updated_at` },
  }[q.sort];
  const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
  // Each part ordered and cut to the page's end by itself (its index scan stops there), then the
  // parts merged: a sort over the union would read every row of the section first.
  const order = q.sort === 'id' ? sql`id ${direction}` : sql`k ${direction}, id ${direction}`;
  const upTo = q.offset + q.limit;
  const capped = Boolean(like || q.missing || q.photo);
  const parts: RawBuilder<unknown>[] = [];
  const counted: RawBuilder<unknown>[] = [];
  if (withPublic) {
    const where = sql.join(publicWhere, sql` and `);
    parts.push(
      sql`(select 'p'::text as src, id, ${sortKey.p} as k from ${sql.table(t.name)} where ${where} order by ${order} limit ${upTo})`,
    );
    counted.push(
      sql`(select id from ${sql.table(t.name)} where ${where}${capped ? sql` limit ${searchCountCap + 1}` : sql``})`,
    );
  }
  if (withDrafts) {
    const where = sql.join(draftWhere, sql` and `);
    parts.push(
      sql`(select 'd'::text as src, id, ${sortKey.d} as k from content_drafts where ${where} order by ${order} limit ${upTo})`,
    );
    counted.push(sql`(select id from content_drafts where ${where})`);
  }

  const [page, count] = await Promise.all([
    sql<{
      src: 'p' | 'd';
      id: number;
    }>`select src, id from (${sql.join(parts, sql` union all `)}) as items order by ${order} limit ${q.limit} offset ${q.offset}`.execute(
      db,
    ),
    sql<{
      n: number;
    }>`select count(*)::int as n from (${sql.join(counted, sql` union all `)}) as items`.execute(db),
  ]);

  const publicIds = page.rows.filter((r) => r.src === 'p').map((r) => Number(r.id));
  const draftIds = page.rows.filter((r) => r.src === 'd').map((r) => Number(r.id));
  const found = new Map<string, ListRow>();
  if (publicIds.length) {
    const rows = await sql<Record<string, unknown>>`
      select id, version, updated_at, ${t.district ? sql`district_id` : sql`null::int as district_id`},
        ${hasWorkingCopy} as working_copy,
        ${sql.join(texts.map((c) => sql.ref(c)))}
      from ${sql.table(t.name)} where ${t.scope} and id = any(${publicIds}::int[])`.execute(db);
    for (const r of rows.rows) {
      const doc = Object.fromEntries(
        texts.map((c) => [c, typeof r[c] === 'string' ? JSON.parse(r[c] as string) : r[c]]),
      );
      found.set(`p${r.id}`, {
        id: Number(r.id),
        name: (doc[title] as Record<string, string>)?.ru ?? '',
        status: 'published',
        version: Number(r.version),
        updated_at: iso(r.updated_at),
        publish_at: null,
        district_id: (r.district_id as number | null) ?? null,
        missing: missingLanguages(section, doc),
        working_copy: r.working_copy === true,
      });
    }
  }
  if (draftIds.length) {
    const rows = await db
      .selectFrom('content_drafts')
      .selectAll()
      .where('section', '=', section)
      .where('id', 'in', draftIds)
      .execute();
    for (const r of rows) {
      const doc = r.document as Document;
      found.set(`d${r.id}`, {
        id: r.id,
        name: (doc[title] as Record<string, string> | undefined)?.ru ?? '',
        status: r.status as ItemStatus,
        version: r.version,
        updated_at: r.updated_at.toISOString(),
        publish_at: r.publish_at ? r.publish_at.toISOString() : null,
        district_id: (doc.district_id as number | null) ?? null,
        missing: missingLanguages(section, doc),
        working_copy: false,
      });
    }
  }
  const results = page.rows.map((r) => found.get(`${r.src}${r.id}`)).filter((r): r is ListRow => !!r);
  return {
    count: Math.min(count.rows[0]?.n ?? 0, capped ? searchCountCap : Number.POSITIVE_INFINITY),
    results,
  };
}

/**
 * Every item a list with this search and these filters matches, by id (published and not), at
 * most `max + 1` of them (the caller refuses past `max`): what a bulk action on "all matching"
 * applies to. Read in the action's transaction, so an item changed since the list was shown is
 * taken as it is now, as the list would show it.
 */
export async function matchingIds(
  db: Db,
  section: EditableSection,
  filter: ListFilter,
  max: number,
): Promise<number[]> {
  const { t, publicWhere, draftWhere, withPublic, withDrafts } = listWhere(section, filter);
  const parts: RawBuilder<unknown>[] = [];
  if (withPublic)
    parts.push(sql`(select id from ${sql.table(t.name)} where ${sql.join(publicWhere, sql` and `)})`);
  if (withDrafts) parts.push(sql`(select id from content_drafts where ${sql.join(draftWhere, sql` and `)})`);
  const rows = await sql<{ id: number }>`select id from (${sql.join(parts, sql` union all `)}) as items
    order by id limit ${max + 1}`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

export interface Summary {
  published: number;
  draft: number;
  scheduled: number;
  archived: number;
  without_photo: number;
  missing: { en: number; zh: number };
}

/**
 * How many items each section has in each state, how many lack English or Chinese somewhere, and
 * how many published ones show no real photo: one reading of content_gaps for all the sections
 * asked (the kinds without pictures, directories and partners, count none as lacking a photo).
 */
export async function summaries(
  db: Db,
  sections: readonly EditableSection[],
): Promise<Map<EditableSection, Summary>> {
  const rows = await sql<{
    section: EditableSection;
    status: ItemStatus;
    n: number;
    en: number;
    zh: number;
    photo: number;
  }>`
    select g.section, g.status, count(*)::int as n, count(*) filter (where g.lacks_en)::int as en,
      count(*) filter (where g.lacks_zh)::int as zh, count(*) filter (where g.lacks_photo)::int as photo
    from content_gaps g where g.section = any(${[...sections]}::text[]) group by g.section, g.status`.execute(
    db,
  );
  const found = new Map<EditableSection, Summary>();
  for (const section of sections) {
    const mine = rows.rows.filter((r) => r.section === section);
    const of = (s: ItemStatus) => mine.find((r) => r.status === s);
    found.set(section, {
      published: of('published')?.n ?? 0,
      draft: of('draft')?.n ?? 0,
      scheduled: of('scheduled')?.n ?? 0,
      archived: of('archived')?.n ?? 0,
      without_photo: hasPictures(section) ? (of('published')?.photo ?? 0) : 0,
      missing: { en: mine.reduce((a, r) => a + r.en, 0), zh: mine.reduce((a, r) => a + r.zh, 0) },
    });
  }
  return found;
}

/** One section's summary (see `summaries`). */
export async function summary(db: Db, section: EditableSection): Promise<Summary> {
  return (await summaries(db, [section])).get(section) as Summary;
}

/** JSON with the keys of every object in order: two equal values give the same text. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** The fields whose values differ between two documents, with both values. */
export function changesBetween(
  before: Document | null,
  after: Document,
): Record<string, { old: unknown; new: unknown }> {
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  for (const [field, value] of Object.entries(after)) {
    const old = before?.[field] ?? null;
    if (canonical(old) !== canonical(value)) changes[field] = { old, new: value ?? null };
  }
  return changes;
}

export interface Save {
  /** `working`: a published item's edits kept as its working copy, the site unchanged. */
  status: ItemStatus | 'working';
  publish_at: string | null;
  document: Document;
  /**
   * A published save from the editor's form ("publish changes"): its document is the working copy
   * as edited, which it replaces. Other saves of a published item (bulk actions, imports, a fact's
   * review) change the public version and leave an editor's working copy waiting.
   */
  replacesWorkingCopy?: boolean;
  /**
   * Who states the facts this save changes, when its document names no source for them: staff
   * when absent; an import passes `{source: 'import', note: <its name>}` (decision 047).
   */
  provenance?: Provenance;
}

const hasFactSources = (section: EditableSection) =>
  editorial[section].fields.some((f) => f.kind === 'sources');

/**
 * The document with the sources of its facts brought up to date (decision 047): a fact whose value
 * changes gets the save's provenance (staff by default) and today's date in the region, unless
 * the document itself gives that fact a source other than the stored one (an editor's "checked
 * with the venue on …", a fact accepted from OpenStreetMap); an unknown fact has no source. A
 * document without `fact_sources` keeps the stored ones.
 */
export function withFactSources(
  section: EditableSection,
  before: Document | null,
  after: Document,
  provenance: Provenance | undefined,
  today = regionToday(),
): Document {
  if (!hasFactSources(section)) return after;
  const stored = (before?.fact_sources ?? {}) as FactSourcesT;
  const given = after.fact_sources as FactSourcesT | undefined;
  const sources: FactSourcesT = { ...(given ?? stored) };
  // every fact: one the section lacks is unknown in its document, so a source given for it goes
  for (const fact of factKeys) {
    const value = after[fact];
    if (factUnknown(value)) {
      delete sources[fact];
      continue;
    }
    const said = given !== undefined && canonical(given[fact]) !== canonical(stored[fact]);
    const old = before?.[fact];
    const changed = factUnknown(old) || canonical(old) !== canonical(value);
    if (said || !changed) continue;
    sources[fact] = {
      source: provenance?.source ?? 'staff',
      checked: today,
      ...(provenance?.ref ? { ref: provenance.ref } : {}),
      ...(provenance?.note ? { note: provenance.note } : {}),
    };
  }
  return { ...after, fact_sources: sources };
}

/** What a save belongs to besides its author: the spreadsheet import it applies, or undoes. */
export interface SaveOrigin {
  importId: string;
  undo?: boolean;
}

const originColumns = (origin: SaveOrigin | undefined) =>
  origin ? { import_id: origin.importId, import_undo: origin.undo === true } : {};

/** A new id for a section: past every id its table and the drafts have used. */
async function newId(trx: Transaction<DB>, section: EditableSection): Promise<number> {
  const t = table(section);
  // one new item of a section at a time: two editors creating at once get different ids
  await sql`select pg_advisory_xact_lock(hashtext(${`content-id:${section}`}))`.execute(trx);
  const r = await sql<{ n: number }>`
    select greatest(
      (select coalesce(max(id), 0) from ${sql.table(t.name)} where ${t.scope}),
      (select coalesce(max(id), 0) from content_drafts where section = ${section}),
      (select coalesce(max(item_id), 0) from content_history where section = ${section})
    )::int + 1 as n`.execute(trx);
  return r.rows[0]?.n ?? 1;
}

/**
 * Columns a table has besides the document, made from it: a route starts where its line starts,
 * and its objects along the way are the attractions near the line, in the order of travel.
 */
async function derivedColumns(trx: Transaction<DB>, section: EditableSection, document: Document) {
  if (editorial[section].table !== 'routes') return {};
  const path = document.path as LatLon[];
  const lats = path.map((p) => p[0]);
  const lons = path.map((p) => p[1]);
  const margin = 0.05; // about 3-5 km here: more than the distance that counts as along the way
  const near = await trx
    .selectFrom('places')
    .select(['id', 'lat', 'lon'])
    .where('section', '=', 'attractions')
    .where('lat', '>=', Math.min(...lats) - margin)
    .where('lat', '<=', Math.max(...lats) + margin)
    .where('lon', '>=', Math.min(...lons) - margin * 2)
    .where('lon', '<=', Math.max(...lons) + margin * 2)
    .execute();
  const start = path[0] as LatLon;
  return {
    lat: start[0],
    lon: start[1],
    object_ids: alongTheWay(
      near.map((a) => ({ id: a.id, point: [a.lat, a.lon] as LatLon })),
      path,
    ),
  };
}

async function insertPublic(
  trx: Transaction<DB>,
  section: EditableSection,
  id: number,
  document: Document,
  version: number,
) {
  const t = table(section);
  const values: Record<string, unknown> = {
    ...columnsOf(section, document),
    ...(await derivedColumns(trx, section, document)),
    id,
    // a kind whose form has no key (a place, a partner) gets one made of its id
    ...(editorialColumns(section).includes('key') ? {} : { key: `item-${id}` }),
    version,
    ...t.scoped,
  };
  const names = Object.keys(values);
  await sql`insert into ${sql.table(t.name)} (${sql.join(names.map((n) => sql.ref(n)))})
    values (${sql.join(names.map((n) => sql`${values[n]}`))})`.execute(trx);
}

/**
 * Updates a published item's row: only the columns whose value the save changes (`before`: the
 * stored document), besides its version. PostgreSQL recomputes a generated column only when a
 * column it is made from is set, so a save of a phone does not rebuild the item's search texts
 * (about a third of the update's time at the real volume, decision 046).
 */
async function updatePublic(
  trx: Transaction<DB>,
  section: EditableSection,
  id: number,
  document: Document,
  version: number,
  before: Document,
) {
  const t = table(section);
  const changed = new Set(Object.keys(changesBetween(before, document)));
  const all = columnsOf(section, document);
  const values = {
    ...Object.fromEntries(Object.entries(all).filter(([c]) => changed.has(c))),
    ...(await derivedColumns(trx, section, document)),
  };
  const sets = [
    ...Object.entries(values).map(([c, v]) => sql`${sql.ref(c)} = ${v}`),
    sql`version = ${version}`,
    sql`updated_at = now()`,
  ];
  await sql`update ${sql.table(t.name)} set ${sql.join(sets)} where ${t.scope} and id = ${id}`.execute(trx);
}

async function deletePublic(trx: Transaction<DB>, section: EditableSection, id: number) {
  const t = table(section);
  await sql`delete from ${sql.table(t.name)} where ${t.scope} and id = ${id}`.execute(trx);
}

async function upsertDraft(
  trx: Transaction<DB>,
  section: EditableSection,
  id: number,
  save: Save,
  version: number,
  staffId: number | null,
) {
  const row = {
    status: save.status as 'draft' | 'scheduled' | 'archived',
    publish_at: save.status === 'scheduled' && save.publish_at ? new Date(save.publish_at) : null,
    document: JSON.stringify(save.document),
    version,
    updated_at: new Date(),
    updated_by: staffId,
  };
  await trx
    .insertInto('content_drafts')
    .values({ section, id, ...row })
    .onConflict((oc) => oc.columns(['section', 'id']).doUpdateSet(row))
    .execute();
}

/**
 * Writes an item in its new state, moving it between its public table and the drafts as the state
 * asks, and records the change. `current` is the item as it was (locked), null for a new one.
 */
async function write(
  trx: Transaction<DB>,
  section: EditableSection,
  id: number,
  current: Item | null,
  save: Save,
  staffId: number | null,
  origin?: SaveOrigin,
): Promise<number> {
  // what this save changes: a working copy's save follows the working copy, if there is one
  const before =
    save.status === 'working' ? (current?.working?.document ?? current?.document) : current?.document;
  save = {
    ...save,
    document: withFactSources(section, before ?? null, save.document, save.provenance),
  };
  const version = (current?.version ?? 0) + 1;
  const wasPublic = current?.status === 'published';
  if (save.status === 'working') {
    if (!wasPublic)
      throw staffError(
        400,
        'not_published',
        'only a published item has a working copy: save this one as it is (its state says where)',
        { field: 'status', params: { field: 'status' } },
      );
    const row = {
      document: JSON.stringify(save.document),
      version,
      updated_at: new Date(),
      updated_by: staffId,
    };
    await trx
      .insertInto('content_working_copies')
      .values({ section, id, ...row })
      .onConflict((oc) => oc.columns(['section', 'id']).doUpdateSet(row))
      .execute();
    await setPublicVersion(trx, section, id, version);
  } else if (save.status === 'published') {
    if (wasPublic && current) {
      await updatePublic(trx, section, id, save.document, version, current.document);
      if (current.working && save.replacesWorkingCopy) await dropWorking(trx, section, id);
    } else {
      if (current)
        await trx.deleteFrom('content_drafts').where('section', '=', section).where('id', '=', id).execute();
      await insertPublic(trx, section, id, save.document, version);
    }
  } else {
    // off the site: the published version and its working copy both leave (the history keeps them)
    if (wasPublic) {
      await deletePublic(trx, section, id);
      await dropWorking(trx, section, id);
    }
    await upsertDraft(trx, section, id, save, version, staffId);
  }
  const changes = changesBetween(before ?? null, save.document);
  // a working copy's save keeps the item published
  if (current?.status !== save.status && save.status !== 'working')
    changes.status = { old: current?.status ?? null, new: save.status };
  await trx
    .insertInto('content_history')
    .values({
      section,
      item_id: id,
      version,
      status: save.status,
      staff_id: staffId,
      changes: JSON.stringify(changes),
      document: JSON.stringify(save.document),
      ...originColumns(origin),
    })
    .execute();
  return version;
}

/**
 * Drops a published item's working copy ("discard changes"), based on version `base` like a save
 * (a Conflict when another save came first); recorded as a save whose changes go from the working
 * copy back to the published version.
 */
export async function discardWorkingCopy(
  trx: Transaction<DB>,
  section: EditableSection,
  id: number,
  base: number,
  staffId: number,
): Promise<void> {
  const current = await getItem(trx, section, id, true);
  if (!current) throw staffNotFound(`${section} ${id}`);
  if (current.version !== base) throw await conflictSince(trx, section, id, base, current);
  if (!current.working)
    throw staffError(409, 'no_working_copy', `${section} ${id} has no working copy to discard`);
  const version = current.version + 1;
  await dropWorking(trx, section, id);
  await setPublicVersion(trx, section, id, version);
  await trx
    .insertInto('content_history')
    .values({
      section,
      item_id: id,
      version,
      status: 'published',
      staff_id: staffId,
      changes: JSON.stringify(changesBetween(current.working.document, current.document)),
      document: JSON.stringify(current.document),
    })
    .execute();
}

/** Creates an item; returns its id. */
export async function createItem(
  trx: Transaction<DB>,
  section: EditableSection,
  save: Save,
  staffId: number,
  origin?: SaveOrigin,
): Promise<number> {
  const id = await newId(trx, section);
  await write(trx, section, id, null, save, staffId, origin);
  return id;
}

export class Conflict extends Error {
  constructor(
    readonly current: Item,
    readonly changed: string[],
  ) {
    super('conflict');
  }
}

/** The Conflict of a save based on `base`: the stored item and the fields changed since. */
async function conflictSince(
  trx: Transaction<DB>,
  section: EditableSection,
  id: number,
  base: number,
  current: Item,
): Promise<Conflict> {
  const since = await trx
    .selectFrom('content_history')
    .select('changes')
    .where('section', '=', section)
    .where('item_id', '=', id)
    .where('version', '>', base)
    .execute();
  return new Conflict(current, [...new Set(since.flatMap((h) => Object.keys(h.changes as object)))]);
}

/**
 * Saves an item based on version `base`: refused with a Conflict (the stored item and the fields
 * another save changed since `base`) when it is not the stored version any more.
 */
export async function updateItem(
  trx: Transaction<DB>,
  section: EditableSection,
  id: number,
  base: number,
  save: Save,
  staffId: number | null,
  origin?: SaveOrigin,
): Promise<void> {
  const current = await getItem(trx, section, id, true);
  if (!current) throw staffNotFound(`${section} ${id}`);
  if (current.version !== base) throw await conflictSince(trx, section, id, base, current);
  await write(trx, section, id, current, save, staffId, origin);
}

export interface HistoryEntry {
  version: number;
  status: string;
  changed_at: string;
  staff: { id: number; name: string; email: string } | null;
  changes: Record<string, { old: unknown; new: unknown }>;
  /** The spreadsheet import the save applied (or undid, `undo`), named by its file and time. */
  import: { id: string; file_name: string; created_at: string; undo: boolean } | null;
}

export async function history(db: Db, section: EditableSection, id: number): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('content_history as h')
    .leftJoin('staff as s', 's.id', 'h.staff_id')
    .leftJoin('content_imports as i', 'i.id', 'h.import_id')
    .select(['h.version', 'h.status', 'h.changed_at', 'h.changes', 's.id as staff_id', 's.name', 's.email'])
    .select(['h.import_id', 'h.import_undo', 'i.file_name', 'i.created_at as import_created_at'])
    .where('h.section', '=', section)
    .where('h.item_id', '=', id)
    .orderBy('h.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    version: r.version,
    status: r.status,
    changed_at: r.changed_at.toISOString(),
    staff: r.staff_id ? { id: Number(r.staff_id), name: r.name ?? '', email: r.email ?? '' } : null,
    changes: r.changes as HistoryEntry['changes'],
    import: r.import_id
      ? {
          id: r.import_id,
          file_name: r.file_name ?? '',
          created_at: r.import_created_at ? r.import_created_at.toISOString() : '',
          undo: r.import_undo,
        }
      : null,
  }));
}

/** The document an item had after the save that made `version`, or null. */
export async function documentAt(
  db: Db,
  section: EditableSection,
  id: number,
  version: number,
): Promise<Document | null> {
  const row = await db
    .selectFrom('content_history')
    .select('document')
    .where('section', '=', section)
    .where('item_id', '=', id)
    .where('version', '=', version)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  // A version saved before a field was added has no such key: it is put back empty.
  return row ? documentOf(section, row.document as Document) : null;
}

/** Publishes the scheduled items whose time has come; returns how many. */
export async function publishDue(
  db: Kysely<DB>,
  announce: (trx: Transaction<DB>) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('content_drafts')
      .select(['section', 'id'])
      .where('status', '=', 'scheduled')
      .where('publish_at', '<=', new Date())
      .forUpdate()
      .skipLocked()
      .limit(100)
      .execute();
    for (const d of due) {
      const section = d.section as EditableSection;
      const current = await getItem(trx, section, d.id, true);
      if (current)
        await write(
          trx,
          section,
          d.id,
          current,
          { status: 'published', publish_at: null, document: current.document },
          null,
        );
    }
    if (due.length) await announce(trx);
    return due.length;
  });
}

/** References that are not fields of a form: a direction's district is fixed (one direction per district). */
const fixedReferences: Partial<Record<ReferenceSource, { table: string; column: string }[]>> = {
  district: [{ table: 'directions', column: 'district_id' }],
};

/**
 * How many items refer to an entry of a directory (a district, a town, a type of tourism, an entry
 * of a simple directory), published or not: every reference field of every kind
 * (common/editorial.ts) pointing at it, and the fixed references.
 */
export async function usesOf(db: Db, source: ReferenceSource, id: number): Promise<number> {
  const counts: RawBuilder<unknown>[] = [];
  for (const [kind, e] of Object.entries(editorial) as [
    EditableSection,
    (typeof editorial)[EditableSection],
  ][]) {
    const t = table(kind);
    for (const f of e.fields as readonly EditorialField[]) {
      if (f.kind !== 'reference' || f.source !== source) continue;
      const column = sql.ref(f.name);
      counts.push(
        sql`(select count(*) from ${sql.table(t.name)} where ${t.scope} and ${f.many ? sql`${id} = any(${column})` : sql`${column} = ${id}`})`,
        sql`(select count(*) from content_drafts where section = ${kind} and (document -> ${f.name} = to_jsonb(${id}::int) or document -> ${f.name} @> jsonb_build_array(${id}::int)))`,
      );
    }
  }
  for (const r of fixedReferences[source] ?? [])
    counts.push(sql`(select count(*) from ${sql.table(r.table)} where ${sql.ref(r.column)} = ${id})`);
  if (!counts.length) return 0;
  const r = await sql<{ n: number }>`select (${sql.join(counts, sql` + `)})::int as n`.execute(db);
  return r.rows[0]?.n ?? 0;
}

/** Whether another item of the kind has this key (a key is unique in its kind). */
export async function keyTaken(
  db: Db,
  section: EditableSection,
  column: string,
  value: string,
  id: number | null,
): Promise<boolean> {
  const t = table(section);
  const r = await sql`select 1 from ${sql.table(t.name)} where ${t.scope} and ${sql.ref(column)} = ${value}
    ${id === null ? sql`` : sql`and id <> ${id}`} limit 1`.execute(db);
  return r.rows.length > 0;
}

/**
 * Deletes an entry nothing refers to any more (a 409 saying how many items still do), recording
 * its last document in the history: its id is not given to a new entry, and it can be looked up.
 */
export async function deleteItem(
  trx: Transaction<DB>,
  section: EditableSection,
  source: ReferenceSource | null,
  id: number,
  base: number | undefined,
  staffId: number,
  origin?: SaveOrigin,
): Promise<void> {
  const current = await getItem(trx, section, id, true);
  if (!current) throw staffNotFound(`${section} ${id}`);
  if (base !== undefined && base !== current.version)
    throw staffError(
      409,
      'delete_conflict',
      `someone else saved this item after you opened it (version ${current.version}, yours ${base}): not deleted`,
    );
  const uses = source ? await usesOf(trx, source, id) : 0;
  if (uses > 0)
    throw staffError(
      409,
      'in_use',
      `${section} ${id} is used by ${uses} item${uses === 1 ? '' : 's'}: change them first`,
      { uses, params: { count: uses } },
    );
  await deletePublic(trx, section, id);
  await dropWorking(trx, section, id);
  await trx.deleteFrom('content_drafts').where('section', '=', section).where('id', '=', id).execute();
  await trx
    .insertInto('content_history')
    .values({
      section,
      item_id: id,
      version: current.version + 1,
      status: 'deleted',
      staff_id: staffId,
      changes: JSON.stringify({ status: { old: current.status, new: 'deleted' } }),
      document: JSON.stringify(current.document),
      ...originColumns(origin),
    })
    .execute();
}

/** Carries a read's result out of a transaction that must not commit. */
class RolledBack<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back');
  }
}

/**
 * Reads an item as it would be once published, whatever its state: in a transaction that is
 * always rolled back, a draft's (scheduled, archived) document is put into its public table as
 * publishing would put it, `read` runs there with the public site's own queries, and nothing
 * stays. A published item is read as it is, or with its working copy written into its row as
 * "publish changes" would. Null when the section has no such item.
 */
export async function readAsPublished<T>(
  db: Kysely<DB>,
  section: EditableSection,
  id: number,
  read: (trx: Transaction<DB>) => Promise<T>,
): Promise<T | null> {
  try {
    await db.transaction().execute(async (trx) => {
      // never keep another editor's save waiting long behind a preview's locks
      await sql`set local lock_timeout = '2s'`.execute(trx);
      const item = await getItem(trx, section, id);
      if (!item) throw new RolledBack(null);
      if (item.status !== 'published') await insertPublic(trx, section, id, item.document, item.version);
      // a published item's working copy is read as "publish changes" would write it
      else if (item.working)
        await updatePublic(trx, section, id, item.working.document, item.version, item.document);
      throw new RolledBack(await read(trx));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.value as T | null;
    throw error;
  }
  return null;
}

/**
 * Every item of a section, published or not, in the order of their ids: what an export holds.
 * Published ones are read from their public table, the others from content_drafts, each as the
 * document the back office edits (getItem's shape).
 */
export async function allItems(db: Db, section: EditableSection): Promise<Item[]> {
  const t = table(section);
  const columns = editorialColumns(section).map((c) => sql.ref(c));
  const [published, drafts] = await Promise.all([
    sql<Record<string, unknown>>`
      select id, ${sql.join(columns)}, version, updated_at from ${sql.table(t.name)}
      where ${t.scope} order by id`.execute(db),
    db.selectFrom('content_drafts').selectAll().where('section', '=', section).orderBy('id').execute(),
  ]);
  const items: Item[] = published.rows.map((row) => {
    const document = documentOf(section, row);
    return {
      id: Number(row.id),
      status: 'published',
      version: Number(row.version),
      publish_at: null,
      updated_at: iso(row.updated_at),
      document,
      missing: missingOfStored(section, row, document),
    };
  });
  for (const draft of drafts) {
    const document = documentOf(section, draft.document as Document);
    items.push({
      id: draft.id,
      status: draft.status as ItemStatus,
      version: draft.version,
      publish_at: draft.publish_at ? draft.publish_at.toISOString() : null,
      updated_at: draft.updated_at.toISOString(),
      document,
      missing: missingOfStored(section, draft.document as Document, document),
    });
  }
  return items.sort((a, b) => a.id - b.id);
}

/** The stored versions of some items of a section, published or not, by id (an id not there is absent). */
export async function versionsOf(
  db: Db,
  section: EditableSection,
  ids: number[],
): Promise<Map<number, number>> {
  const versions = new Map<number, number>();
  if (!ids.length) return versions;
  const t = table(section);
  const [published, drafts] = await Promise.all([
    sql<{ id: number; version: number }>`select id, version from ${sql.table(t.name)}
      where ${t.scope} and id = any(${ids}::int[])`.execute(db),
    db
      .selectFrom('content_drafts')
      .select(['id', 'version'])
      .where('section', '=', section)
      .where('id', 'in', ids)
      .execute(),
  ]);
  for (const r of [...published.rows, ...drafts]) versions.set(Number(r.id), Number(r.version));
  return versions;
}
