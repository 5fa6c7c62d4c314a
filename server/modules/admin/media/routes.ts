import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
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
import type { DB } from '../../../db/schema.js';
import { staffOf } from '../auth/guard.js';
import { staffError, staffNotFound } from '../errors.js';
import { preparePhoto } from './photos.js';
import {
  addPhoto,
  deletePhoto,
  findPhoto,
  listPhotos,
  missingAltTexts,
  photoInUse,
  updatePhoto,
} from './repository.js';

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

async function readPhoto(db: Kysely<DB>, id: string) {
  const photo = await findPhoto(db, id);
  if (!photo) throw staffNotFound(`photo ${id}`);
  return photo;
}

/**
 * The photos of a document's pictures that lack an alt text in a language, as a 400 naming the
 * first: a photo is used only once it says what it shows in every language. A rich text's
 * pictures (`alt: false`) carry their own alt text (decision 052): only that they are in the
 * library is checked.
 */
export async function checkPhotos(
  db: Kysely<DB>,
  images: unknown,
  { field = 'images', alt = true }: { field?: string; alt?: boolean } = {},
): Promise<void> {
  const ids = (Array.isArray(images) ? images : []).filter(
    (id): id is string => typeof id === 'string' && id.startsWith('photo.'),
  );
  if (!ids.length) return;
  const missingOf = await missingAltTexts(db, ids);
  for (const id of ids) {
    const missing = missingOf.get(id);
    if (!missing)
      throw staffError(
        400,
        'photo_missing',
        `body document.${field}: there is no photo ${id} in the library`,
        {
          field,
          params: { id },
        },
      );
    if (alt && missing.length) {
      throw staffError(
        400,
        'photo_alt_missing',
        `body document.${field}: photo ${id} has no alt text in ${missing.join(', ')}`,
        { field, params: { id, languages: missing.join(', ') } },
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
      const name = (request.query.name ?? '').replace(/\p{Cc}/gu, '').slice(0, 200);
      await addPhoto(app.db, photo, name, staffOf(request).id);
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
      const { q, missing_alt, unused, sort, order } = request.query;
      return listPhotos(app.db, {
        ...(q ? { q } : {}),
        ...(missing_alt !== undefined ? { missingAlt: missing_alt } : {}),
        ...(unused !== undefined ? { unused } : {}),
        ...(sort ? { sort } : {}),
        ...(order ? { order } : {}),
        limit: perPage,
        offset: ((request.query.page ?? 1) - 1) * perPage,
      });
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
      // The public cards and pages carry a photo's alt text and focal point: a change to them is a
      // change of the content, which every process's cached answers must drop.
      await app.contentChanges.change((trx) => updatePhoto(trx, current, request.body));
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
      if (await photoInUse(app.db, id))
        throw staffError(409, 'photo_in_use', 'the photo is used by an item: take it out of the item first');
      await deletePhoto(app.db, id);
      return { ok: true as const };
    },
  );
};
