import type { FastifyError, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { EventDetailT, NewsDetailT, PlaceDetailT, RouteDetailT } from '../../../../common/api.js';
import {
  type EditableSection,
  editorial,
  isEditableSection,
  previewable,
} from '../../../../common/editorial.js';
import type { Lang } from '../../../../common/languages.js';
import type { PreviewRead } from '../../../../common/read-api.js';
import type { PlaceSection } from '../../../../common/sections.js';
import type { DB } from '../../../db/schema.js';
import type { Dictionary } from '../../../lib/dictionary.js';
import { errorAnswer, notFound } from '../../../lib/errors.js';
import { withPhotos } from '../../../lib/photos.js';
import { findEvent } from '../../events/repository.js';
import { findNews } from '../../news/repository.js';
import { findPlace } from '../../places/repository.js';
import { findRoute } from '../../routes/repository.js';
import { readAsPublished } from './repository.js';

// What the staff's "preview" shows: an item of any state as its public page would show it, with
// the public detail's own shape and queries (readAsPublished), so the preview cannot drift from
// the page it previews.

type Detail = PlaceDetailT | RouteDetailT | EventDetailT | NewsDetailT;

/** The public detail of each table's items, read with a given connection. */
const details: Partial<
  Record<
    (typeof editorial)[EditableSection]['table'],
    (
      db: Kysely<DB>,
      section: EditableSection,
      id: number,
      lang: Lang,
      dict: Dictionary,
    ) => Promise<Detail | null>
  >
> = {
  places: (db, section, id, lang, dict) => findPlace(db, section as PlaceSection, id, lang, dict),
  routes: (db, _section, id, lang, dict) => findRoute(db, id, lang, dict),
  events: (db, _section, id, lang, dict) => findEvent(db, id, lang, dict),
  news: (db, _section, id, lang, dict) => findNews(db, id, lang, dict),
};

/** One item as its public page would show it from its stored document; a 404 when there is none. */
export async function previewItem(
  db: Kysely<DB>,
  section: string,
  id: number,
  lang: Lang,
  dict: Dictionary,
): Promise<Detail> {
  const what = `${section} ${id}`;
  // Kinds that are always public, or have no page of their own, have nothing to preview.
  if (!isEditableSection(section) || !previewable(section)) throw notFound(what);
  const detail = details[editorial[section].table];
  if (!detail) throw notFound(what);
  const item = await readAsPublished(db, section, id, (trx) => detail(trx, section, id, lang, dict));
  if (!item) throw notFound(what);
  return withPhotos(db, lang, item);
}

/** The preview page's read (common/read-api.ts): the item's detail, or its error's status and body. */
export function previewReader(app: FastifyInstance): PreviewRead {
  return async (section, id, lang) => {
    try {
      return { ok: true, data: await previewItem(app.db, section, id, lang, await app.dictionary.get()) };
    } catch (error) {
      return { ok: false, ...errorAnswer(app, error as FastifyError, app.log) };
    }
  };
}
