import type { Kysely, Selectable } from 'kysely';
import type { EventCardT, EventDetailT } from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import { docToPlain } from '../../../common/rich-text.js';
import { sectionOf } from '../../../common/sections.js';
import { localizedUrl } from '../../../common/urls.js';
import { contentColumns, type DB, type EventsTable } from '../../db/schema.js';
import { firstImage, imageUrls, startEndDate } from '../../lib/cards.js';
import type { Dictionary } from '../../lib/dictionary.js';
import { productName } from '../../lib/download-query.js';
import type { IcsEvent } from '../../lib/ics.js';
import { nearbyPlaces } from '../../lib/nearby.js';
import { searchColumns, seoOf } from '../../lib/search-fields.js';
import { regionToday } from '../../lib/today.js';
import { tr, trOrNull, trRich } from '../../lib/translate.js';

/** The filter groups of the list (common/sections.ts). */
export const eventFilters = sectionOf('events').filters;

/**
 * The events that overlap a date range (`from`: those that end on or after it; `to`: those that
 * start on or before it). An event is over once its last day has passed in the region: `past`
 * keeps only those, and without it and without `from` only the others are kept (an explicit `from`
 * may reach further back).
 */
export function eventsOf(
  db: Kysely<DB>,
  { from, to, past }: { from?: string | undefined; to?: string | undefined; past?: boolean | undefined },
) {
  const today = regionToday();
  let events = db.selectFrom('events');
  if (past) events = events.where('end_date', '<', today);
  if (from) events = events.where('end_date', '>=', from);
  else if (!past) events = events.where('end_date', '>=', today);
  if (to) events = events.where('start_date', '<=', to);
  return events;
}

export const eventCardColumns = [
  'id',
  'name',
  'annotation',
  'description',
  'images',
  'start_date',
  'end_date',
  'venue',
  'district_id',
  'city_id',
  'tourism_type_ids',
  'lat',
  'lon',
] as const;
type CardRow = Pick<Selectable<EventsTable>, (typeof eventCardColumns)[number]>;

export function toEventCard(row: CardRow, lang: Lang, dict: Dictionary): EventCardT {
  return {
    id: row.id,
    name: tr(row.name, lang),
    annotation: tr(row.annotation, lang),
    description: trRich(row.description, lang).text,
    img: firstImage(row.images),
    start_date: row.start_date,
    end_date: row.end_date,
    start_end_date: startEndDate(row.start_date, row.end_date),
    venue: trOrNull(row.venue, lang),
    district: dict.ref('district', row.district_id, lang) ?? { id: row.district_id, name: '' },
    city: dict.ref('city', row.city_id, lang),
    tourism_type: dict.refs('tourism-type', row.tourism_type_ids, lang),
    lat: row.lat,
    lon: row.lon,
  };
}

const eventColumns = contentColumns<EventsTable>()([
  'id',
  'key',
  'name',
  'annotation',
  'description',
  'start_date',
  'end_date',
  'venue',
  'address',
  'district_id',
  'city_id',
  'lat',
  'lon',
  'tourism_type_ids',
  'price',
  'site',
  'organizer',
  'organizer_site',
  'images',
  'updated_at',
  ...searchColumns,
]);

export async function findEvent(
  db: Kysely<DB>,
  id: number,
  lang: Lang,
  dict: Dictionary,
): Promise<EventDetailT | null> {
  const row = await db.selectFrom('events').select(eventColumns).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return {
    ...toEventCard(row, lang, dict),
    description_doc: trRich(row.description, lang).doc,
    address: trOrNull(row.address, lang),
    price: trOrNull(row.price, lang),
    site: row.site,
    organizer: trOrNull(row.organizer, lang),
    organizer_site: row.organizer_site,
    images: imageUrls(row.images),
    nearby: await nearbyPlaces(db, row, lang),
    seo: seoOf(row, lang),
  };
}

/** An event as a calendar entry (its .ics file, a trip plan's calendar); null when there is no such event. */
export async function calendarEvent(
  db: Kysely<DB>,
  id: number,
  lang: Lang,
  dict: Dictionary,
  publicUrl: string,
): Promise<IcsEvent | null> {
  const [event, row] = await Promise.all([
    findEvent(db, id, lang, dict),
    db.selectFrom('events').select('updated_at').where('id', '=', id).executeTakeFirst(),
  ]);
  if (!event || !row) return null;
  const url = localizedUrl(publicUrl, `/events/detail/${id}`, lang);
  const place = [event.venue, event.address ?? event.city?.name].filter(Boolean).join(', ');
  return {
    uid: `event-${id}@${new URL(publicUrl).hostname}`,
    updated: new Date(row.updated_at),
    startDate: event.start_date,
    endDate: event.end_date,
    summary: event.name,
    description: `${docToPlain(event.description_doc)}\n\n${url}`,
    location: place || null,
    geo: { lat: event.lat, lon: event.lon },
    url,
    lang,
    prodId: `-//${productName}//Events//EN`,
  };
}
