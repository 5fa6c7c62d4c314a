import { type Kysely, type Selectable, sql } from 'kysely';
import type { Photo } from '../../../../common/admin-api.js';
import { contentLanguages } from '../../../../common/editorial.js';
import type { DB, MediaLibraryTable } from '../../../db/schema.js';
import type { StoredPhoto } from './photos.js';

// The media library: a photo's file is a row of `media` (what /media/<id>/ renders from), its
// facts a row of `media_library` (deleted with it).

/** The languages a photo's alt text still lacks. */
const missingAlt = (alt: Partial<Record<string, string>>) => contentLanguages.filter((l) => !alt[l]?.trim());

function photoOf(r: Selectable<MediaLibraryTable>): Photo {
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
  };
}

export async function findPhoto(db: Kysely<DB>, id: string): Promise<Photo | null> {
  const row = await db.selectFrom('media_library').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? photoOf(row) : null;
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

/** A page of the library, newest first: the photos whose alt text or file name holds `q`. */
export async function listPhotos(
  db: Kysely<DB>,
  { q, limit, offset }: { q?: string; limit: number; offset: number },
): Promise<{ count: number; results: Photo[] }> {
  let query = db.selectFrom('media_library');
  const words = q?.trim().toLowerCase();
  if (words) {
    const like = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb(sql`lower(alt::text)`, 'like', like), eb(sql`lower(original_name)`, 'like', like)]),
    );
  }
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').limit(limit).offset(offset).execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { count: count.n, results: rows.map(photoOf) };
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

/** Whether a place, an event, a news item or a draft shows the photo. */
export async function photoInUse(db: Kysely<DB>, id: string): Promise<boolean> {
  const used = await sql<{ n: number }>`
    select (select count(*) from places where ${id} = any(images))
      + (select count(*) from events where ${id} = any(images))
      + (select count(*) from news where ${id} = any(images))
      + (select count(*) from content_drafts where document -> 'images' ? ${id}) as n`.execute(db);
  return Number(used.rows[0]?.n) > 0;
}

/** Deletes a photo: its file, and its facts with it. */
export async function deletePhoto(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('media').where('id', '=', id).execute();
}
