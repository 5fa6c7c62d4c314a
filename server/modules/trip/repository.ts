import type { Kysely } from 'kysely';
import type { TripItemT } from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import { isPlaceSection, type TripSection } from '../../../common/sections.js';
import { MAX_PLAN_ITEMS, parseTripKey } from '../../../common/trip-plan.js';
import type { DB, PlaceSection } from '../../db/schema.js';
import { firstImage } from '../../lib/cards.js';
import type { Dictionary } from '../../lib/dictionary.js';
import { HttpError } from '../../lib/errors.js';
import type { LatLon } from '../../lib/geo.js';
import { tr, trOrNull } from '../../lib/translate.js';
import { simplifyLine } from '../map/repository.js';

/**
 * The keys of `items=attractions.12,events.3`: a 400 naming the parameter when one is not a key of
 * a section that can be saved, or when there are too many. Repeats are asked for once.
 */
export function parseItemsParam(value: string, name = 'items'): string[] {
  const keys = value.split(',').filter(Boolean);
  const bad = keys.find((k) => !parseTripKey(k));
  if (bad !== undefined)
    throw new HttpError(
      400,
      `querystring ${name} must be comma-separated section.id keys (attractions.12,events.3); "${bad.slice(0, 40)}" is not one`,
    );
  const unique = [...new Set(keys)];
  if (unique.length > MAX_PLAN_ITEMS)
    throw new HttpError(400, `querystring ${name} names ${unique.length} items; at most ${MAX_PLAN_ITEMS}`);
  return unique;
}

/**
 * The items of a trip plan, in the order of `keys`, and the keys that name no item (removed by the
 * editors, or never there): three queries at most, one per table.
 */
export async function readTripItems(
  db: Kysely<DB>,
  keys: readonly string[],
  lang: Lang,
  dict: Dictionary,
): Promise<{ items: TripItemT[]; missing: string[] }> {
  const wanted = keys.map((key) => ({ key, ...(parseTripKey(key) as { section: TripSection; id: number }) }));
  const idsOf = (test: (s: TripSection) => boolean) => wanted.filter((w) => test(w.section)).map((w) => w.id);
  const placeIds = idsOf(isPlaceSection);
  // Each section of places numbers its own items: attractions.1 and residence.1 are two places.
  const placeSections = [...new Set(wanted.filter((w) => isPlaceSection(w.section)).map((w) => w.section))];
  const routeIds = idsOf((s) => s === 'routes');
  const eventIds = idsOf((s) => s === 'events');
  const district = (id: number) => dict.ref('district', id, lang) ?? { id, name: '' };
  const [places, routes, events] = await Promise.all([
    placeIds.length
      ? db
          .selectFrom('places')
          .select([
            'section',
            'id',
            'name',
            'images',
            'district_id',
            'address',
            'lat',
            'lon',
            'phone',
            'hours',
            'opening_hours',
            'distance_from_spb',
          ])
          .where((eb) =>
            eb.or(
              placeSections.map((section) =>
                eb.and([
                  eb('section', '=', section as PlaceSection),
                  eb(
                    'id',
                    'in',
                    wanted.filter((w) => w.section === section).map((w) => w.id),
                  ),
                ]),
              ),
            ),
          )
          .execute()
      : [],
    routeIds.length
      ? db
          .selectFrom('routes')
          .select(['id', 'name', 'images', 'district_id', 'lat', 'lon', 'length_km', 'path'])
          .where('id', 'in', routeIds)
          .execute()
      : [],
    eventIds.length
      ? db
          .selectFrom('events')
          .select([
            'id',
            'name',
            'images',
            'district_id',
            'address',
            'venue',
            'lat',
            'lon',
            'start_date',
            'end_date',
          ])
          .where('id', 'in', eventIds)
          .execute()
      : [],
  ]);
  const found = new Map<string, TripItemT>();
  const none = {
    phone: null,
    hours: null,
    opening_hours: null,
    start_date: null,
    end_date: null,
    length: null,
    distance_from_spb: null,
    line: [],
  };
  for (const p of places) {
    found.set(`${p.section}.${p.id}`, {
      key: `${p.section}.${p.id}`,
      section: p.section,
      id: p.id,
      name: tr(p.name, lang),
      img: firstImage(p.images),
      district: district(p.district_id),
      address: trOrNull(p.address, lang),
      lat: p.lat,
      lon: p.lon,
      ...none,
      phone: p.phone,
      hours: trOrNull(p.hours, lang),
      opening_hours: p.opening_hours,
      distance_from_spb: p.distance_from_spb,
    });
  }
  for (const r of routes) {
    found.set(`routes.${r.id}`, {
      key: `routes.${r.id}`,
      section: 'routes',
      id: r.id,
      name: tr(r.name, lang),
      img: firstImage(r.images),
      district: district(r.district_id),
      address: null,
      lat: r.lat,
      lon: r.lon,
      ...none,
      length: Number(r.length_km),
      line: simplifyLine(r.path as LatLon[]),
    });
  }
  for (const e of events) {
    const venue = trOrNull(e.venue, lang);
    const address = trOrNull(e.address, lang);
    found.set(`events.${e.id}`, {
      key: `events.${e.id}`,
      section: 'events',
      id: e.id,
      name: tr(e.name, lang),
      img: firstImage(e.images),
      district: district(e.district_id),
      address: [venue, address].filter(Boolean).join(', ') || null,
      lat: e.lat,
      lon: e.lon,
      ...none,
      start_date: e.start_date,
      end_date: e.end_date,
    });
  }
  const items: TripItemT[] = [];
  const missing: string[] = [];
  for (const { key } of wanted) {
    const item = found.get(key);
    if (item) items.push(item);
    else missing.push(key);
  }
  return { items, missing };
}
