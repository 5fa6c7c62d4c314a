import type { AccessibilityT, AdmissionT, OpeningHoursT } from '../../../../common/api.js';
import type { FactKey } from '../../../../common/fact-sources.js';
import { distanceKm, type LatLon } from '../../../lib/geo.js';
import { scheduleOfOsm } from './osm-hours.js';

// Which OpenStreetMap object is a portal place, and what its tags say of the place's facts
// (decision 047). A place and an object are the same when one of their names (normalised: case,
// ё, quotes and punctuation, a leading or trailing kind word aside) equals or contains the other's
// and they are close: within `sureMetres` the match is sure, within `doubtfulMetres` staff confirm it.

export const sureMetres = 150;
export const doubtfulMetres = 600;

/** An element of Overpass's JSON answer (`[out:json]`, `out tags center`). */
export interface OsmElement {
  type: 'node' | 'way' | 'relation';
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
}

export interface PortalPlace {
  id: number;
  names: string[];
  point: LatLon;
}

export interface Match {
  element: OsmElement;
  distance: number;
  confidence: 'sure' | 'doubtful';
}

/** The OpenStreetMap tags a name is read from. */
const nameTags = [
  'name',
  'name:ru',
  'name:en',
  'official_name',
  'official_name:ru',
  'official_name:en',
  'alt_name',
];

/** A name as compared: lower case, ё as е, quotes, brackets and punctuation as spaces, spaces single. */
export function normalName(name: string): string {
  return name
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[«»"“”„'’`()[\]{}.,:;!?№–—-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const words = (name: string) => name.split(' ').filter(Boolean);

/**
 * Whether two normalised names name the same thing: equal, or the shorter one's words (at least
 * six letters in all, so that "парк" alone matches nothing) all stand in a row in the longer one.
 */
export function namesMatch(a: string, b: string): 'equal' | 'contained' | null {
  if (!a || !b) return null;
  if (a === b) return 'equal';
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.replace(/ /g, '').length < 6) return null;
  const s = words(short).join(' ');
  return ` ${words(long).join(' ')} `.includes(` ${s} `) ? 'contained' : null;
}

const pointOf = (e: OsmElement): LatLon | null =>
  e.lat !== undefined && e.lon !== undefined
    ? [e.lat, e.lon]
    : e.center
      ? [e.center.lat, e.center.lon]
      : null;

/** The names of an element, normalised. */
const osmNames = (e: OsmElement) =>
  nameTags
    .map((t) => e.tags?.[t])
    .filter((n): n is string => !!n)
    .map(normalName);

/**
 * The element that is this place, if any: among those whose names match, the nearest within
 * `doubtfulMetres` (an equal name before a contained one at the same distance band).
 */
export function matchPlace(place: PortalPlace, elements: OsmElement[]): Match | null {
  const names = place.names.map(normalName).filter(Boolean);
  let best: (Match & { equal: boolean }) | null = null;
  for (const element of elements) {
    const point = pointOf(element);
    if (!point) continue;
    const distance = Math.round(distanceKm(place.point, point) * 1000);
    if (distance > doubtfulMetres) continue;
    const kinds = osmNames(element).flatMap((o) => names.map((n) => namesMatch(n, o)));
    if (!kinds.some(Boolean)) continue;
    const equal = kinds.includes('equal');
    const confidence = distance <= sureMetres ? 'sure' : 'doubtful';
    const rank = (m: { confidence: string; equal: boolean; distance: number }) =>
      [m.confidence === 'sure' ? 0 : 1, m.equal ? 0 : 1, m.distance] as const;
    const [c1, e1, d1] = rank({ confidence, equal, distance });
    const better =
      !best ||
      (() => {
        const [c2, e2, d2] = rank(best);
        return c1 !== c2 ? c1 < c2 : e1 !== e2 ? e1 < e2 : d1 < d2;
      })();
    if (better) best = { element, distance, confidence, equal };
  }
  if (!best) return null;
  return { element: best.element, distance: best.distance, confidence: best.confidence };
}

/** A fact an object's tags propose: the value as the portal stores it (null: cannot be represented) and the tags' text. */
export interface OsmFact {
  /** Every place's facts: OpenStreetMap has no average bill to propose. */
  fact: Exclude<FactKey, 'avg_bill'>;
  proposed: OpeningHoursT | AdmissionT | AccessibilityT | string | null;
  raw: string;
}

const phoneRule = /^\+?[0-9 ()-]{6,}$/;
const urlRule = /^https?:\/\/[^\s]+$/;

/** The facts an object's tags give, in the portal's form where it has one. */
export function factsOfTags(tags: Record<string, string>, today: string): OsmFact[] {
  const facts: OsmFact[] = [];
  const hours = tags.opening_hours?.trim();
  if (hours) facts.push({ fact: 'opening_hours', proposed: scheduleOfOsm(hours, today), raw: hours });
  const phone = (tags.phone ?? tags['contact:phone'])?.trim();
  if (phone) {
    // several numbers are separated by ";": the first is the place's
    const first = (phone.split(';')[0] ?? '').trim();
    facts.push({
      fact: 'phone',
      proposed: phoneRule.test(first) && first.length <= 40 ? first : null,
      raw: phone,
    });
  }
  const site = (tags.website ?? tags['contact:website'])?.trim();
  if (site)
    facts.push({
      fact: 'site',
      proposed: urlRule.test(site) && site.length <= 2000 ? site : null,
      raw: site,
    });
  const access: AccessibilityT = {};
  const said: string[] = [];
  const yesNo = (v: string | undefined) => (v === 'yes' ? true : v === 'no' ? false : undefined);
  // "limited" says neither yes nor no: shown, not applied
  if (tags.wheelchair) {
    said.push(`wheelchair=${tags.wheelchair}`);
    const v = yesNo(tags.wheelchair);
    if (v !== undefined) access.step_free_entrance = v;
  }
  if (tags['toilets:wheelchair']) {
    said.push(`toilets:wheelchair=${tags['toilets:wheelchair']}`);
    const v = yesNo(tags['toilets:wheelchair']);
    if (v !== undefined) access.accessible_toilet = v;
  }
  if (said.length)
    facts.push({
      fact: 'accessibility',
      proposed: Object.keys(access).length ? access : null,
      raw: said.join('; '),
    });
  // a fee without its price cannot be stored (a paid admission has its minimum price)
  if (tags.fee)
    facts.push({
      fact: 'admission',
      proposed: tags.fee === 'no' ? { free: true } : null,
      raw: `fee=${tags.fee}`,
    });
  return facts;
}
