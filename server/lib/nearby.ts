import { type Kysely, sql } from 'kysely';
import type { NearbyItemT } from '../../common/api.js';
import type { Lang } from '../../common/languages.js';
import type { DB, PlaceSection, Translated } from '../db/schema.js';
import { firstImage } from './cards.js';
import { tr } from './translate.js';

const RADIUS_KM = 25;
const PER_SECTION = 3;

/**
 * The closest places of every section around a point (at most PER_SECTION each), nearest first.
 * The candidates are ranked from the (lat, lon) index alone (migration 007); only the chosen few
 * rows are read: a box around a town holds thousands of places at 50,000+.
 */
export async function nearbyPlaces(
  db: Kysely<DB>,
  at: { lat: number; lon: number },
  lang: Lang,
  exclude?: { section: PlaceSection; id: number },
): Promise<NearbyItemT[]> {
  const dLat = RADIUS_KM / 111;
  const dLon = RADIUS_KM / (111 * Math.cos((at.lat * Math.PI) / 180));
  const rows = await sql<{
    section: string;
    id: number;
    name: Translated;
    images: string[];
    lat: number;
    lon: number;
    distance_km: number;
  }>`
    select section, id, p.name, p.images, p.lat, p.lon, ranked.distance_km from (
      select section, id, distance_km,
             row_number() over (partition by section order by distance_km, id) as n
      from (
        select section, id,
               2 * 6371.0088 * asin(sqrt(
                 power(sin(radians(lat - ${at.lat}) / 2), 2) +
                 cos(radians(${at.lat})) * cos(radians(lat)) * power(sin(radians(lon - ${at.lon}) / 2), 2)
               )) as distance_km
        from places
        where lat between ${at.lat - dLat} and ${at.lat + dLat}
          and lon between ${at.lon - dLon} and ${at.lon + dLon}
          and not (section = ${exclude?.section ?? ''} and id = ${exclude?.id ?? 0})
      ) candidates
      where distance_km <= ${RADIUS_KM}
    ) ranked
    join places p using (section, id)
    where n <= ${PER_SECTION}
    order by ranked.distance_km, section, id
  `.execute(db);
  return rows.rows.map((r) => ({
    section: r.section,
    id: r.id,
    name: tr(r.name, lang),
    img: firstImage(r.images),
    lat: r.lat,
    lon: r.lon,
    distance_km: Math.round(Number(r.distance_km) * 10) / 10,
  }));
}
