import type { Kysely } from 'kysely';
import type { LibraryPhotoT } from '../../common/api.js';
import type { Lang } from '../../common/languages.js';
import { photoCategory } from '../../common/media.js';
import type { DB } from '../db/schema.js';
import { tr } from './translate.js';

// The media library's photos in the API's answers: a card's or a page's picture that is an
// uploaded photo comes with its alt text in the answer's language and its focal point
// (`img_photo`, `image_photos`), read for a whole answer in one query, and in none when the answer
// has no photo (the generated illustrations keep the answer as it was).

/** `/media/photo.<name>/<width>.<format>`: the id of a photo of the library, or undefined. */
const photoPrefix = `/media/${photoCategory}.`;
const photoIdOf = (url: unknown): string | undefined =>
  typeof url === 'string' && url.startsWith(photoPrefix) ? url.slice(7, url.indexOf('/', 7)) : undefined;

type Holder = Record<string, unknown>;

/** The objects of an answer that hold a picture (`img`) or pictures (`images`), at any depth. */
function holders(value: unknown, found: Holder[]): void {
  if (Array.isArray(value)) {
    for (const v of value) if (v && typeof v === 'object') holders(v, found);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const object = value as Holder;
  if ('img' in object || 'images' in object) found.push(object);
  for (const [key, v] of Object.entries(object)) {
    // a route's line is thousands of pairs of numbers: nothing to look for in it
    if (key !== 'path' && v && typeof v === 'object') holders(v, found);
  }
}

/**
 * Adds to every card and page of an answer whose picture is a photo of the media library that
 * photo's alt text (in `lang`) and focal point: one query for the whole answer, none without photos.
 */
export async function withPhotos<T>(db: Kysely<DB>, lang: Lang, answer: T): Promise<T> {
  const found: Holder[] = [];
  holders(answer, found);
  const ids = new Set<string>();
  for (const h of found) {
    const id = photoIdOf(h.img);
    if (id) ids.add(id);
    if (Array.isArray(h.images)) for (const url of h.images) ids.add(photoIdOf(url) ?? '');
  }
  ids.delete('');
  if (ids.size === 0) return answer;
  const rows = await db
    .selectFrom('media_library')
    .select(['id', 'alt', 'focal_x', 'focal_y'])
    .where('id', 'in', [...ids])
    .execute();
  const photos = new Map<string, LibraryPhotoT>(
    rows.map((r) => [
      r.id,
      {
        alt: tr(r.alt as Parameters<typeof tr>[0], lang),
        focal_x: Number(r.focal_x),
        focal_y: Number(r.focal_y),
      },
    ]),
  );
  const photoOf = (url: unknown) => photos.get(photoIdOf(url) ?? '');
  for (const h of found) {
    const img = photoOf(h.img);
    if (img) h.img_photo = img;
    if (Array.isArray(h.images)) {
      const each = h.images.map((url) => photoOf(url) ?? null);
      if (each.some(Boolean)) h.image_photos = each;
    }
  }
  return answer;
}
