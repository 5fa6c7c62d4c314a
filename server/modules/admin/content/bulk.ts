import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Static } from 'typebox';
import {
  AdminError,
  BulkBody,
  BulkResult,
  bulkFilterMax,
  ContentIdParams,
  contentItem,
} from '../../../../common/admin-api.js';
import {
  contentLanguages,
  type EditableSection,
  editableOf,
  editorialSchema,
  roleOf,
  schedulable,
} from '../../../../common/editorial.js';
import type { DB } from '../../../db/schema.js';
import { HttpError } from '../../../lib/errors.js';
import { staffOf } from '../auth/guard.js';
import { staffError, staffNotFound } from '../errors.js';
import { checkSave } from './checks.js';
import { listFilterOf } from './list-filter.js';
import {
  createItem,
  type Document,
  editingAnswer,
  getItem,
  type Item,
  matchingIds,
  type Save,
  updateItem,
} from './repository.js';

// Actions on several items of a section at once (a list's selection), and the copy of one item.
// A bulk action goes through the same checks and the same save as a form's, for every item, in one
// transaction: it is applied to all the items or, when one of them cannot take it, to none, and the
// answer names each item refused and why. The items are named by their ids (a page's selection, up
// to 500) or by the list's filter ("all matching", up to bulkFilterMax): the filter is resolved in
// the action's transaction by the list's own conditions, then each item goes the ids' way.

const tags = ['admin'];
const errors = { 400: AdminError, 401: AdminError, 403: AdminError, 404: AdminError };
type Bulk = Static<typeof BulkBody>;

/** What a copy's name ends with, in each language of the content. */
const copyMark: Record<string, string> = { ru: ' (копия)', en: ' (copy)', zh: '（副本）' };

/** The item's next state under the action, or null when it already is so. */
function next(section: EditableSection, item: Item, body: Bulk): Save | null {
  const kind = editableOf(section);
  const doc: Document = { ...item.document };
  const same = (status: Save['status'], publishAt: string | null = null): Save | null =>
    item.status === status && (item.publish_at ?? null) === publishAt
      ? null
      : { status, publish_at: publishAt, document: doc };
  switch (body.action) {
    case 'publish':
      return same('published');
    case 'draft':
      return same('draft');
    case 'archive':
      return same('archived');
    case 'schedule':
      return same('scheduled', new Date(body.publish_at as string).toISOString());
    default: {
      const field = kind.fields.find((f) => f.name === body.field);
      if (field?.kind !== 'reference') return null;
      const value = body.value ?? null;
      const status = item.status;
      const keep = { status, publish_at: item.publish_at ?? null };
      if (body.action === 'set') {
        if (doc[field.name] === value) return null;
        doc[field.name] = value;
        return { ...keep, document: doc };
      }
      const list = (doc[field.name] as number[] | null | undefined) ?? [];
      const has = value !== null && list.includes(value);
      if (body.action === 'add' ? has : !has) return null;
      doc[field.name] = body.action === 'add' ? [...list, value as number] : list.filter((v) => v !== value);
      return { ...keep, document: doc };
    }
  }
}

/**
 * The search's word counts of a bulk action's saves are added every this many items (migration
 * 036): each save changing the same words' rows again in one transaction made every save slower
 * than the one before (1,500 drafts: 95 s against 1.7 s).
 */
const wordCountBatch = 250;

/** From now on in this transaction, the saves' word counts wait in a table of their own. */
async function countWordsLater(trx: Transaction<DB>) {
  await sql`create temp table if not exists search_word_counts_later (source text not null,
    section text not null, word text not null, items integer not null) on commit drop`.execute(trx);
  await sql`select set_config('portal.word_counts_later', 'on', true)`.execute(trx);
}

/** Adds the waiting word counts to the search's, one update per word. */
async function addWordCounts(trx: Transaction<DB>) {
  await sql`with moved as (delete from search_word_counts_later returning source, section, word, items)
    insert into search_word_counts as c (source, section, word, items)
    select source, section, word, sum(items)::int from moved group by 1, 2, 3
    on conflict (source, section, word) do update set items = c.items + excluded.items`.execute(trx);
}

/** Refuses a body whose action does not fit the section, before any item is read. */
function checkBody(section: EditableSection, body: Bulk): void {
  const kind = editableOf(section);
  const state = ['publish', 'draft', 'archive', 'schedule'].includes(body.action);
  if (state && kind.saved)
    throw staffError(
      400,
      'bulk_state_fixed',
      `body action: ${section} are always public; only their fields change`,
      {
        field: 'action',
      },
    );
  if ((body.ids === undefined) === (body.filter === undefined))
    throw staffError(
      400,
      'bulk_target',
      'body: name the items by `ids` or by a list’s `filter`, one of the two',
      {
        field: body.ids ? 'filter' : 'ids',
      },
    );
  if (body.action === 'schedule') {
    if (!schedulable.includes(section))
      throw staffError(400, 'cannot_schedule', `body action: ${section} cannot be scheduled`, {
        field: 'action',
      });
    if (!body.publish_at)
      throw staffError(400, 'publish_at_needed', 'body publish_at: scheduling needs the time', {
        field: 'publish_at',
      });
  }
  if (state) return;
  const field = kind.fields.find((f) => f.name === body.field);
  const many = field?.kind === 'reference' && field.many === true;
  const fits =
    field?.kind === 'reference' &&
    (body.action === 'set' ? !many && (body.value != null || !field.required) : many && body.value != null);
  if (!fits)
    throw staffError(
      400,
      'bulk_field',
      `body field: ${body.action} takes ${body.action === 'set' ? 'a single' : 'a list of'} reference field of ${section} and ${body.action === 'set' && field?.kind === 'reference' && field.required ? 'a value' : 'its value'}`,
      { field: 'field', params: { field: body.field ?? '' } },
    );
}

export function bulkRoutes(section: EditableSection): FastifyPluginAsyncTypebox {
  const kind = editableOf(section);
  const staff = roleOf(section);
  const base = `/content/${section}`;
  const Item = contentItem(editorialSchema(section));

  const apply = async (app: FastifyInstance, body: Bulk, by: number) => {
    checkBody(section, body);
    const filter = body.filter ? listFilterOf(section, body.filter, 'body filter') : null;
    const dict = await app.dictionary.get();
    return app.contentChanges.change(async (trx) => {
      // The ids of everything the list matches now: an item changed since the list was shown is
      // judged as it is now, as the list would show it (and as an id is read below).
      const ids = filter ? await matchingIds(trx, section, filter, bulkFilterMax) : (body.ids ?? []);
      if (ids.length > bulkFilterMax)
        throw staffError(
          400,
          'bulk_too_many',
          `body filter: it matches more than ${bulkFilterMax} items; narrow the list`,
          { field: 'filter', params: { max: bulkFilterMax } },
        );
      const refused: {
        id: number;
        code: string;
        message: string;
        params?: Record<string, string | number>;
      }[] = [];
      let changed = 0;
      await countWordsLater(trx);
      for (const [n, id] of ids.entries()) {
        if (n > 0 && n % wordCountBatch === 0) await addWordCounts(trx);
        const item = await getItem(trx, section, id, true);
        if (!item) {
          refused.push({ id, code: 'not_found', message: `${section} ${id} not found` });
          continue;
        }
        const save = next(section, item, body);
        if (!save) continue;
        try {
          await checkSave(app, section, save, id, { db: trx, dict });
          await updateItem(trx, section, id, item.version, save, by);
          changed++;
        } catch (err) {
          if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
          const extra = (err.extra ?? {}) as { code?: string; params?: Record<string, string | number> };
          refused.push({
            id,
            code: extra.code ?? 'invalid_value',
            message: err.message,
            ...(extra.params ? { params: extra.params } : {}),
          });
        }
      }
      await addWordCounts(trx);
      await sql`select set_config('portal.word_counts_later', 'off', true)`.execute(trx);
      // One refused item and the transaction is rolled back: the list stays as it was.
      if (refused.length)
        throw staffError(
          400,
          'bulk_refused',
          `${refused.length} of ${ids.length} items cannot take this; nothing was changed`,
          { params: { count: refused.length, total: ids.length }, items: refused },
        );
      return { changed, unchanged: ids.length - changed };
    });
  };

  return async (app) => {
    // Not under `${base}/`: there a word is read as an item's id (GET and HEAD of `${base}/:id`).
    app.post(
      `/bulk/${section}`,
      {
        // thousands of saves in one transaction: a job's time, not a visitor's request's
        config: { staff, databaseWait: 'job' },
        schema: {
          tags,
          summary: `One action on several of ${section}: all of them or none`,
          description:
            'A state (publish, draft, archive, schedule with publish_at) or a reference field (set a single one; ' +
            'add to or remove from a list). Each item is checked as a form’s save is; when one cannot take the ' +
            'action, nothing is changed and the 400 lists each refused item with its code. The items are ' +
            '`ids` (up to 500) or a list’s `filter`: every item the list matches when the action runs, up to ' +
            `${bulkFilterMax.toLocaleString('en')} (more: 400 \`bulk_too_many\`; none: nothing changed).`,
          body: BulkBody,
          response: { 200: BulkResult, ...errors },
        },
      },
      (request) => apply(app, request.body, staffOf(request).id),
    );

    if (kind.create !== false && !kind.single)
      app.post(
        `${base}/:id/duplicate`,
        {
          config: { staff },
          schema: {
            tags,
            summary: `A copy of one of ${section}, kept as a draft (saved at once for kinds that have no drafts)`,
            description:
              'Its name ends with “(копия)”, “(copy)”, “（副本）”; a key field gets “-copy”, “-copy-2”, … until free.',
            params: ContentIdParams,
            response: { 201: Item, ...errors },
          },
        },
        async (request, reply) => {
          const item = await getItem(app.db, section, request.params.id);
          if (!item) throw staffNotFound(`${section} ${request.params.id}`);
          const doc: Document = { ...item.document };
          const title = kind.title ?? 'name';
          const name = doc[title] as Record<string, string> | undefined;
          if (name)
            doc[title] = Object.fromEntries(
              Object.entries(name).map(([lang, text]) =>
                contentLanguages.includes(lang as never) && text
                  ? [lang, `${text}${copyMark[lang] ?? ''}`]
                  : [lang, text],
              ),
            );
          const save: Save = { status: kind.saved ? 'published' : 'draft', publish_at: null, document: doc };
          for (const field of kind.fields.filter((f) => f.kind === 'key')) {
            const key = String(doc[field.name] ?? '');
            for (let n = 1; ; n++) {
              doc[field.name] = `${key}-copy${n > 1 ? `-${n}` : ''}`;
              try {
                await checkSave(app, section, save, null);
                break;
              } catch (err) {
                if (
                  !(err instanceof HttpError) ||
                  (err.extra as { code?: string })?.code !== 'key_taken' ||
                  n > 50
                )
                  throw err;
              }
            }
          }
          await checkSave(app, section, save, null);
          const id = await app.contentChanges.change((trx) =>
            createItem(trx, section, save, staffOf(request).id),
          );
          const copy = await getItem(app.db, section, id);
          if (!copy) throw staffNotFound(`${section} ${id}`);
          return reply.status(201).send(editingAnswer(section, copy));
        },
      );
  };
}
