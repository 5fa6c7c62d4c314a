import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import {
  AdminError,
  Done,
  maxPhotoBytes,
  Photo,
  PhotoIdParams,
  PhotoList,
  PhotoListQuery,
  PhotoUpdateBody,
  PhotoUploadQuery,
} from '../../../../common/admin-api.js';
import { contentLanguages } from '../../../../common/editorial.js';
import type { DB } from '../../../db/schema.js';
import { staffOf } from '../auth/guard.js';
import { staffError, staffNotFound } from '../errors.js';
import { preparePhoto } from './photos.js';

const tags = ['admin'];
const errors = { 400: AdminError, 401: AdminError, 403: AdminError, 404: AdminError };

/** The media types an upload may say it is; what it is comes from its content, not from this. */
export const uploadTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'application/octet-stream',
];

type Row = {
  id: string;
  alt: unknown;
  focal_x: number;
  focal_y: number;
  width: number;
  height: number;
  bytes: number;
  original_name: string;
  created_at: Date;
};

function photoOf(r: Row) {
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
    missing_alt: contentLanguages.filter((l) => !alt[l]?.trim()),
  };
}

async function readPhoto(db: Kysely<DB>, id: string) {
  const row = await db.selectFrom('media_library').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw staffNotFound(`photo ${id}`);
  return photoOf(row as Row);
}

/**
 * The photos of a document's pictures that lack an alt text in a language, as a 400 naming the
 * first: a photo is used only once it says what it shows in every language.
 */
export async function checkPhotos(db: Kysely<DB>, images: unknown): Promise<void> {
  const ids = (Array.isArray(images) ? images : []).filter(
    (id): id is string => typeof id === 'string' && id.startsWith('photo.'),
  );
  if (!ids.length) return;
  const rows = await db.selectFrom('media_library').select(['id', 'alt']).where('id', 'in', ids).execute();
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (!row)
      throw staffError(400, 'photo_missing', `body document.images: there is no photo ${id} in the library`, {
        field: 'images',
        params: { id },
      });
    const missing = photoOf({ ...(row as unknown as Row), created_at: new Date() }).missing_alt;
    if (missing.length) {
      throw staffError(
        400,
        'photo_alt_missing',
        `body document.images: photo ${id} has no alt text in ${missing.join(', ')}`,
        { field: 'images', params: { id, languages: missing.join(', ') } },
      );
    }
  }
}

/** The media library: upload (one photo a request; a page sends several at once), list, alt text, focal point. */
export const mediaLibraryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser(
    uploadTypes,
    { parseAs: 'buffer', bodyLimit: maxPhotoBytes },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/media',
    {
      config: { staff: 'editor' },
      bodyLimit: maxPhotoBytes,
      // Fastify reads text bodies too: anything but a picture's type is refused before it is read.
      preValidation: async (request) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        if (!uploadTypes.includes(type)) {
          throw staffError(
            415,
            'photo_type',
            `send the photo's file with its type (${uploadTypes.slice(0, 3).join(', ')}), not ${type || 'none'}`,
          );
        }
      },
      schema: {
        tags,
        summary:
          'Upload a photo (the file as the body: JPEG, PNG, WebP, or HEIC if the server decodes it; at most 25 MB)',
        description:
          'The kind is read from the content, not the name or the Content-Type. The photo is turned upright by ' +
          'its EXIF orientation and stored without any metadata (no GPS). Give it an alt text in ru, en and zh ' +
          'before it is used.',
        querystring: PhotoUploadQuery,
        response: { 201: Photo, 413: AdminError, 415: AdminError, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || !body.length)
        throw staffError(400, 'file_expected', 'the body must be the photo’s file');
      const photo = await preparePhoto(body);
      const staff = staffOf(request);
      await app.db.transaction().execute(async (trx) => {
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
            original_name: (request.query.name ?? '').replace(/\p{Cc}/gu, '').slice(0, 200),
            created_by: staff.id,
          })
          .execute();
      });
      return reply.status(201).send(await readPhoto(app.db, photo.id));
    },
  );

  app.get(
    '/media',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'The media library, newest first',
        querystring: PhotoListQuery,
        response: { 200: PhotoList, ...errors },
      },
    },
    async (request) => {
      const perPage = request.query.per_page ?? 30;
      let query = app.db.selectFrom('media_library');
      const q = request.query.q?.trim().toLowerCase();
      if (q) {
        const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([eb(sql`lower(alt::text)`, 'like', like), eb(sql`lower(original_name)`, 'like', like)]),
        );
      }
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('created_at', 'desc')
          .limit(perPage)
          .offset(((request.query.page ?? 1) - 1) * perPage)
          .execute(),
        query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { count: count.n, results: rows.map((r) => photoOf(r as Row)) };
    },
  );

  app.get(
    '/media/:id',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'One photo of the library',
        params: PhotoIdParams,
        response: { 200: Photo, ...errors },
      },
    },
    (request) => readPhoto(app.db, request.params.id),
  );

  app.patch(
    '/media/:id',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'Set a photo’s alt text (the languages sent) and focal point',
        params: PhotoIdParams,
        body: PhotoUpdateBody,
        response: { 200: Photo, ...errors },
      },
    },
    async (request) => {
      const current = await readPhoto(app.db, request.params.id);
      const { alt, focal_x, focal_y } = request.body;
      // The public cards and pages carry a photo's alt text and focal point: a change to them is a
      // change of the content, which every process's cached answers must drop.
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('media_library')
          .set({
            ...(alt ? { alt: JSON.stringify({ ...current.alt, ...alt }) } : {}),
            ...(focal_x !== undefined ? { focal_x } : {}),
            ...(focal_y !== undefined ? { focal_y } : {}),
          })
          .where('id', '=', request.params.id)
          .execute();
        await app.contentChanges.announce(trx);
      });
      app.contentChanges.committed();
      return readPhoto(app.db, request.params.id);
    },
  );

  app.delete(
    '/media/:id',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'Delete a photo no item uses',
        params: PhotoIdParams,
        response: { 200: Done, 409: AdminError, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await readPhoto(app.db, id);
      const used = await sql<{ n: number }>`
        select (select count(*) from places where ${id} = any(images))
          + (select count(*) from events where ${id} = any(images))
          + (select count(*) from news where ${id} = any(images))
          + (select count(*) from content_drafts where document -> 'images' ? ${id}) as n`.execute(app.db);
      if (Number(used.rows[0]?.n))
        throw staffError(409, 'photo_in_use', 'the photo is used by an item: take it out of the item first');
      await app.db.deleteFrom('media').where('id', '=', id).execute();
      return { ok: true as const };
    },
  );
};
