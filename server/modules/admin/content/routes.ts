import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import {
  AdminError,
  ContentHistory,
  ContentIdParams,
  ContentList,
  ContentListQuery,
  ContentSummary,
  contentConflict,
  contentItem,
  contentSave,
  ImportedLine,
  RestoreBody,
} from '../../../../common/admin-api.js';
import type { AdminErrorCode } from '../../../../common/admin-errors.js';
import { inRegion } from '../../../../common/content-fields.js';
import {
  type EditableSection,
  editableOf,
  editableSections,
  editorialSchema,
  isReferenceSource,
  roleOf,
} from '../../../../common/editorial.js';
import { staffOf } from '../auth/guard.js';
import { staffError, staffNotFound } from '../errors.js';
import { bulkRoutes } from './bulk.js';
import { checkSave } from './checks.js';
import { lineOfGpx } from './gpx-import.js';
import { listFilterOf } from './list-filter.js';
import {
  Conflict,
  createItem,
  type Document,
  deleteItem,
  discardWorkingCopy,
  documentAt,
  editingAnswer,
  getItem,
  history,
  listItems,
  type Save,
  summary,
  updateItem,
} from './repository.js';

const tags = ['admin'];
const DeleteQuery = Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1 })) });
const DiscardBody = Type.Object(
  { version: Type.Integer({ minimum: 1, description: 'the version the form was opened with' }) },
  { additionalProperties: false },
);
const errors = { 400: AdminError, 401: AdminError, 403: AdminError, 404: AdminError };

/** The list, one item, new items, saves, history and restore of one editable section. */
function sectionRoutes(section: EditableSection): FastifyPluginAsyncTypebox {
  const Document = editorialSchema(section);
  const kind = editableOf(section);
  const staff = roleOf(section);
  const saved = kind.saved === true;
  const Item = contentItem(Document);
  const base = `/content/${section}`;
  const saveOf = (body: {
    status: Save['status'];
    publish_at?: string | null;
    document: Document;
  }): Save => ({
    status: body.status,
    publish_at: body.status === 'scheduled' ? (body.publish_at ?? null) : null,
    document: body.document,
  });
  const read = async (app: FastifyInstance, id: number) => {
    const item = await getItem(app.db, section, id);
    if (!item) throw staffNotFound(`${section} ${id}`);
    return item;
  };
  /** The 409 of a save based on an old version: the stored item (as the form edits it) and the fields changed since. */
  const conflict = (err: Conflict, message: string) => ({
    statusCode: 409 as const,
    error: 'Conflict',
    message,
    code: 'edit_conflict' satisfies AdminErrorCode,
    current: editingAnswer(section, err.current),
    changed: err.changed,
  });

  return async (app) => {
    app.get(
      base,
      {
        config: { staff },
        schema: {
          tags,
          summary: `The ${section}, published or not: search, state, district, missing language, sort, page`,
          querystring: ContentListQuery,
          response: { 200: ContentList, ...errors },
        },
      },
      async (request) => {
        const q = request.query;
        const perPage = q.per_page ?? 25;
        return listItems(app.db, section, {
          ...listFilterOf(section, q),
          sort: q.sort ?? 'id',
          order: q.order ?? 'desc',
          limit: perPage,
          offset: ((q.page ?? 1) - 1) * perPage,
        });
      },
    );

    app.get(
      `${base}/summary`,
      {
        config: { staff },
        schema: {
          tags,
          summary: `How many ${section} are in each state, and how many lack a language`,
          response: { 200: ContentSummary, ...errors },
        },
      },
      () => summary(app.db, section),
    );

    app.get(
      `${base}/:id`,
      {
        config: { staff },
        schema: {
          tags,
          summary: `One of ${section}, as the back office edits it`,
          params: ContentIdParams,
          response: { 200: Item, ...errors },
        },
      },
      async (request) => editingAnswer(section, await read(app, request.params.id)),
    );

    if (kind.create !== false)
      app.post(
        base,
        {
          config: { staff },
          bodyLimit: 512 * 1024,
          schema: {
            tags,
            summary: `A new item of ${section}: published at once, kept as a draft, or scheduled`,
            body: contentSave(Document, false, saved),
            response: { 201: Item, ...errors },
          },
        },
        async (request, reply) => {
          const save = saveOf(request.body as Parameters<typeof saveOf>[0]);
          await checkSave(app, section, save, null);
          const id = await app.contentChanges.change((trx) =>
            createItem(trx, section, save, staffOf(request).id),
          );
          return reply.status(201).send(editingAnswer(section, await read(app, id)));
        },
      );

    app.put(
      `${base}/:id`,
      {
        config: { staff },
        bodyLimit: 512 * 1024,
        schema: {
          tags,
          summary: `Save one of ${section}: its document and state, based on the version the form was given`,
          description:
            'A save based on a version that is not the stored one any more answers 409 with the stored item ' +
            'and the fields changed since; nothing is overwritten. Archiving takes the item off the site ' +
            '(its address answers 410); a draft is off the site and can be published again.',
          params: ContentIdParams,
          body: contentSave(Document, true, saved),
          response: { 200: Item, 409: contentConflict(Document), ...errors },
        },
      },
      async (request, reply) => {
        const body = request.body as Parameters<typeof saveOf>[0] & { version: number };
        // the form's publish of a published item is "publish changes": it replaces a working copy
        const save: Save = { ...saveOf(body), replacesWorkingCopy: true };
        await checkSave(app, section, save, request.params.id);
        const by = staffOf(request).id;
        try {
          await app.contentChanges.change((trx) =>
            updateItem(trx, section, request.params.id, body.version, save, by),
          );
        } catch (err) {
          if (!(err instanceof Conflict)) throw err;
          return reply
            .status(409)
            .send(
              conflict(
                err,
                `someone else saved this item after you opened it (version ${err.current.version}, yours ${body.version}): review their changes`,
              ),
            );
        }
        return editingAnswer(section, await read(app, request.params.id));
      },
    );

    if (!saved)
      app.post(
        `${base}/:id/discard`,
        {
          config: { staff },
          schema: {
            tags,
            summary: 'Discard the working copy of a published item: the published version is edited again',
            description:
              'Based on the version the form was opened with (another save in between: 409 `edit_conflict`); ' +
              'an item without a working copy: 409 `no_working_copy`. Recorded in the history.',
            params: ContentIdParams,
            body: DiscardBody,
            response: { 200: Item, 409: Type.Union([contentConflict(Document), AdminError]), ...errors },
          },
        },
        async (request, reply) => {
          const { id } = request.params;
          await read(app, id);
          const by = staffOf(request).id;
          try {
            await app.contentChanges.change((trx) =>
              discardWorkingCopy(trx, section, id, request.body.version, by),
            );
          } catch (err) {
            if (!(err instanceof Conflict)) throw err;
            return reply
              .status(409)
              .send(
                conflict(
                  err,
                  `someone else saved this item after you opened it (version ${err.current.version}, yours ${request.body.version}): review their changes`,
                ),
              );
          }
          return editingAnswer(section, await read(app, id));
        },
      );

    if (kind.delete)
      app.delete(
        `${base}/:id`,
        {
          config: { staff },
          schema: {
            tags,
            summary: `Delete one of ${section}: refused (409, with how many) while content refers to it`,
            description:
              'With `version` (the one the form was opened with), a delete after another save is a 409 too.',
            params: ContentIdParams,
            querystring: DeleteQuery,
            response: { 204: Type.Null(), 409: AdminError, ...errors },
          },
        },
        async (request, reply) => {
          const source = isReferenceSource(section) ? section : null;
          const by = staffOf(request).id;
          await app.contentChanges.change((trx) =>
            deleteItem(trx, section, source, request.params.id, request.query.version, by),
          );
          return reply.status(204).send(null);
        },
      );

    app.get(
      `${base}/:id/history`,
      {
        config: { staff },
        schema: {
          tags,
          summary: 'Every save of the item: who, when, which fields with old and new values',
          params: ContentIdParams,
          response: { 200: ContentHistory, ...errors },
        },
      },
      async (request) => {
        await read(app, request.params.id);
        return { results: await history(app.db, section, request.params.id) };
      },
    );

    app.post(
      `${base}/:id/restore`,
      {
        config: { staff },
        schema: {
          tags,
          summary: 'Put back the document of an earlier version (a new save, recorded like any other)',
          description:
            'A published item (of a kind with working copies) gets it as its working copy: the site ' +
            'keeps the published version until the changes are published. Other states and kinds: saved.',
          params: ContentIdParams,
          body: RestoreBody,
          response: { 200: Item, 409: contentConflict(Document), ...errors },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const current = await read(app, id);
        const document = await documentAt(app.db, section, id, request.body.restore);
        if (!document)
          throw staffError(
            404,
            'version_missing',
            `${section} ${id} has no version ${request.body.restore}`,
            {
              params: { version: request.body.restore },
            },
          );
        // A published item gets the version back as its working copy, whether one waited or not:
        // the site changes only when an editor publishes (kinds simply saved have no working copy).
        const intoWorkingCopy = current.working || (!saved && current.status === 'published');
        const save: Save = {
          status: intoWorkingCopy ? 'working' : current.status,
          publish_at: current.publish_at,
          document: document as Document,
        };
        await checkSave(app, section, save, id);
        const by = staffOf(request).id;
        try {
          await app.contentChanges.change((trx) =>
            updateItem(trx, section, id, request.body.version, save, by),
          );
        } catch (err) {
          if (!(err instanceof Conflict)) throw err;
          return reply
            .status(409)
            .send(conflict(err, 'someone else saved this item meanwhile: look at its history again'));
        }
        return editingAnswer(section, await read(app, id));
      },
    );
  };
}

/** The content of every editable section (common/editorial.ts), and reading a route's line from GPX. */
export const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const section of editableSections) {
    await app.register(sectionRoutes(section));
    await app.register(bulkRoutes(section));
  }
  await app.register(gpxImportRoute);
};

const gpxTypes = ['application/gpx+xml', 'application/xml', 'text/xml'];

const gpxImportRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser(
    gpxTypes,
    { parseAs: 'string', bodyLimit: 10 * 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/gpx',
    {
      config: { staff: 'editor' },
      bodyLimit: 10 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Read a route’s line from a GPX file (the file as the body, at most 10 MB)',
        description: 'Track points, else route points, else waypoints, in order; thinned to 2,000 points.',
        response: { 200: ImportedLine, 413: AdminError, 415: AdminError, ...errors },
      },
    },
    async (request) => {
      if (typeof request.body !== 'string')
        throw staffError(400, 'file_expected', 'the body must be the GPX file');
      return lineOfGpx(request.body, inRegion);
    },
  );
};
