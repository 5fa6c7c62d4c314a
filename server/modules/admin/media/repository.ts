import { type Kysely, type Selectable, sql } from 'kysely';
import type { Photo } from '../../../../common/admin-api.js';
import {
  contentLanguages,
  type EditableSection,
  editableOf,
  editableSections,
} from '../../../../common/editorial.js';
import type { DB, MediaLibraryTable } from '../../../db/schema.js';
import type { StoredPhoto } from './photos.js';

// The media library: a photo's file is a row of `media` (what /media/<id>/ renders from), its
// facts a row of `media_library` (deleted with it).

/** The languages a photo's alt text still lacks. */
const missingAlt = (alt: Partial<Record<string, string>>) => contentLanguages.filter((l) => !alt[l]?.trim());

/** Where a photo shows: an item of a kind of the back office (its list's title in Russian). */
export type PhotoUse = Photo['used_by'][number];

/**
 * Every use of a photo, as rows (photo, kind, id, title): the picture lists and single pictures of
 * every kind the back office edits (derived from their fields, so a kind or a picture field added
 * there is counted here with no other edit), the pictures inside the rich texts (an information
 * page's body among them), and
 * the documents of drafts, scheduled and archived items. Table and column names come from
 * common/editorial.ts, never from a request.
 */
function usesSql() {
  const parts = editableSections.flatMap((kind: EditableSection) => {
    const e = editableOf(kind);
    const title = sql`${sql.ref(e.title ?? 'name')} ->> 'ru'`;
    const scope = e.scope ? sql`where ${sql.ref(e.scope)} = ${kind}` : sql``;
    const table = sql.table(e.table);
    return e.fields.flatMap((f) => {
      if (f.kind === 'pictures')
        return [
          sql`select unnest(${sql.ref(f.name)}) as photo, ${kind}::text as kind, id, ${title} as title from ${table} ${scope}`,
        ];
      if (f.kind === 'picture')
        return [
          sql`select ${sql.ref(f.name)} as photo, ${kind}::text as kind, id, ${title} as title from ${table} ${scope}`,
        ];
      // a rich text's pictures (decision 052): only a picture node has a `src`; lax, as a
      // language may still be a plain text. An information page's body not saved since it became
      // a rich text is still its blocks, a picture's id their `img`.
      if (f.kind === 'rich')
        return [
          sql`select jsonb_path_query(${sql.ref(f.name)}, 'lax $.**.src') #>> '{}' as photo, ${kind}::text as kind, id, ${title} as title from ${table} ${scope}`,
          ...(f.name === 'blocks'
            ? [
                sql`select jsonb_path_query(${sql.ref(f.name)}, 'lax $[*].img') #>> '{}' as photo, ${kind}::text as kind, id, ${title} as title from ${table} ${scope}`,
              ]
            : []),
        ];
      return [];
    });
  });
  parts.push(
    sql`select jsonb_array_elements_text(document -> 'images') as photo, section as kind, id, document -> 'name' ->> 'ru' as title from content_drafts where jsonb_typeof(document -> 'images') = 'array'`,
  );
  return sql.join(parts, sql` union `);
}

/** The uses of each of `ids`, by kind and id. */
export async function photoUses(db: Kysely<DB>, ids: string[]): Promise<Map<string, PhotoUse[]>> {
  const uses = new Map<string, PhotoUse[]>(ids.map((id) => [id, []]));
  if (!ids.length) return uses;
  const rows = await sql<{ photo: string; kind: string; id: number; title: string | null }>`
    select photo, kind, id, title from (${usesSql()}) u
    where photo in (${sql.join(ids)}) order by kind, id`.execute(db);
  for (const r of rows.rows)
    uses.get(r.photo)?.push({ kind: r.kind, id: Number(r.id), title: r.title ?? '' });
  return uses;
}

function photoOf(r: Selectable<MediaLibraryTable>, used_by: PhotoUse[] = []): Photo {
  const alt = (r.alt ?? {}) as Record<string, string>;
  return {
    id: r.id,
    alt,
    focal_x: Number(r.focal_x),
    focal_y: Number(r.focal_y),
    width: r.width,
    height: r.height,
    bytes: r.bytes,
    original_name: r.original_name,
    created_at: r.created_at.toISOString(),
    missing_alt: missingAlt(alt),
    used_by,
  };
}

export async function findPhoto(db: Kysely<DB>, id: string): Promise<Photo | null> {
  const row = await db.selectFrom('media_library').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? photoOf(row, (await photoUses(db, [id])).get(id)) : null;
}

/** The photos of the library among `ids`, each with the languages its alt text lacks. */
export async function missingAltTexts(db: Kysely<DB>, ids: string[]): Promise<Map<string, string[]>> {
  const rows = await db.selectFrom('media_library').select(['id', 'alt']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, missingAlt((r.alt ?? {}) as Record<string, string>)]));
}

/** Stores an uploaded photo, its file and its facts in one transaction. */
export async function addPhoto(
  db: Kysely<DB>,
  photo: StoredPhoto,
  originalName: string,
  by: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('media')
      .values({ id: photo.id, content_type: photo.contentType, data: photo.data })
      .execute();
    await trx
      .insertInto('media_library')
      .values({
        id: photo.id,
        alt: '{}',
        width: photo.width,
        height: photo.height,
        bytes: photo.data.length,
        original_name: originalName,
        created_by: by,
      })
      .execute();
  });
}

/** The orders the library's list offers. */
export const photoSorts = ['created_at', 'original_name', 'bytes'] as const;

/**
 * A page of the library, newest first unless `sort` says otherwise: the photos whose alt text or
 * file name holds `q`; with `missingAlt`, those whose alt text lacks a language; with `unused`,
 * those nothing uses (or, `unused: false`, those something uses).
 */
export async function listPhotos(
  db: Kysely<DB>,
  {
    q,
    missingAlt: lacking,
    unused,
    sort = 'created_at',
    order = 'desc',
    limit,
    offset,
  }: {
    q?: string;
    missingAlt?: boolean;
    unused?: boolean;
    sort?: (typeof photoSorts)[number];
    order?: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
): Promise<{ count: number; results: Photo[] }> {
  let query = db.selectFrom('media_library');
  const words = q?.trim().toLowerCase();
  if (words) {
    const like = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb(sql`lower(alt::text)`, 'like', like), eb(sql`lower(original_name)`, 'like', like)]),
    );
  }
  if (lacking !== undefined) {
    const complete = sql.join(
      contentLanguages.map((l) => sql`coalesce(btrim(alt ->> ${l}), '') <> ''`),
      sql` and `,
    );
    query = query.where(lacking ? sql<boolean>`not (${complete})` : sql<boolean>`${complete}`);
  }
  if (unused !== undefined) {
    const used = sql<boolean>`id in (select photo from (${usesSql()}) u where photo is not null)`;
    query = query.where(unused ? sql<boolean>`not (${used})` : used);
  }
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy(sort, order).orderBy('id').limit(limit).offset(offset).execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const uses = await photoUses(
    db,
    rows.map((r) => r.id),
  );
  return { count: count.n, results: rows.map((r) => photoOf(r, uses.get(r.id))) };
}

/** Sets the alt text of the languages given (the others kept) and the focal point, where given. */
export async function updatePhoto(
  db: Kysely<DB>,
  current: Photo,
  changes: { alt?: Partial<Photo['alt']>; focal_x?: number; focal_y?: number },
): Promise<void> {
  const { alt, focal_x, focal_y } = changes;
  await db
    .updateTable('media_library')
    .set({
      ...(alt ? { alt: JSON.stringify({ ...current.alt, ...alt }) } : {}),
      ...(focal_x !== undefined ? { focal_x } : {}),
      ...(focal_y !== undefined ? { focal_y } : {}),
    })
    .where('id', '=', current.id)
    .execute();
}

/** Whether any item, published or not, shows the photo. */
export async function photoInUse(db: Kysely<DB>, id: string): Promise<boolean> {
  return Boolean((await photoUses(db, [id])).get(id)?.length);
}

/** Deletes a photo: its file, and its facts with it. */
export async function deletePhoto(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('media').where('id', '=', id).execute();
}
