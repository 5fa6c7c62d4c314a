import type {
  EventDetailT,
  NearbyItemT,
  NewsDetailT,
  PlaceDetailT,
  RefT,
  RouteDetailT,
  TourismTypeDetailT,
} from '../../../common/api';
import { docToPlain } from '../../../common/rich-text';
import {
  type DetailSection,
  detailSections,
  type FactId,
  isDetailSection,
  listApiPath,
  type MapSection,
  type Section,
  sectionOf,
} from '../../../common/sections';
import type { DetailItem } from '../../api/queries';
import { openStatusText } from '../../components/cards/open-status';
import { type PageInfo, withSearchFields } from '../../lib/route-data';
import type { DetailIconName } from './icons';
import {
  accessibilityLines,
  admissionText,
  checkedLine,
  hoursSourceLines,
  osmSourceLine,
  scheduleLines,
} from './practical';

// What a detail page shows, from its section's description (common/sections.ts): where the item
// comes from, which facts it shows (in order), its map, its download and its schema.org type. The
// page itself is generic; each fact is described once here, by its id.

export type { DetailItem };
export { type DetailSection, detailSections, isDetailSection };
export type AnyDetail = DetailItem[DetailSection];

/** A link in a fact: internal paths navigate in the app, other links leave the site. */
export interface FactLink {
  text: string;
  href: string;
}
/** Where a fact came from and when it was checked, with OpenStreetMap's attribution for its facts. */
export interface FactSourceLine {
  source: string;
  attribution?: FactLink;
}
/** What a fact shows: plain text, one link, or a list of texts, links and its source's line. */
export type FactValue = string | FactLink | (string | FactLink | FactSourceLine)[];

/** Formatting in the page's language (dates, numbers, words). */
export interface Formatters {
  t: (key: string, options?: Record<string, unknown>) => string;
  date: (iso: string) => string;
  dateRange: (start: string, end: string) => string;
  number: (value: number, fractionDigits?: number) => string;
  /** A day of the year without its year ("1 May"), from YYYY-MM-DD or MM-DD. */
  dayMonth: (date: string) => string;
}

export interface FactConfig<T> {
  /** The label key: detail:facts.<id>; a shown text's is its field's name (its detail page's `texts`). */
  id: FactId | (string & {});
  icon: DetailIconName;
  value: (item: T, f: Formatters) => FactValue | null | undefined;
}

export interface SectionDetailConfig<T> {
  /** The API path of one item. */
  path: (id: number) => string;
  facts: FactConfig<T>[];
  /** Where the small map points, if the item has a place of its own. */
  map?: 'place' | 'route';
  /** The marker's look on the place map. */
  mapSection?: MapSection;
  /** A file to download: the route's GPX or the event's .ics. */
  download?: 'gpx' | 'ics';
  /** The schema.org type of the JSON-LD. */
  schemaType: string;
  /** Open Graph type. */
  ogType: 'article' | 'website';
}

const refs = (list: RefT[] | undefined) => (list && list.length > 0 ? list.map((r) => r.name) : null);
const phone = (value: string | null | undefined): FactLink | null =>
  value ? { text: value, href: `tel:${value.replace(/[^\d+]/g, '')}` } : null;
/** A fact's value with the line of its source when that is OpenStreetMap (its licence asks for the credit). */
const withOsm = (
  value: FactLink | string | null,
  p: PlaceDetailT,
  key: 'phone' | 'site',
  f: Formatters,
): FactValue | null => {
  const line = value ? osmSourceLine(p.fact_sources?.[key], f) : null;
  return value && line ? [value, line] : value;
};
const site = (value: string | null | undefined): FactLink | null => {
  if (!value) return null;
  const href = /^https?:\/\//.test(value) ? value : `https://${value}`;
  return { text: value.replace(/^https?:\/\//, '').replace(/\/$/, ''), href };
};
const km = (value: number | null | undefined, f: Formatters, digits?: number) =>
  value == null ? null : `${f.number(value, digits)} ${f.t('translation:common.km')}`;
const place = (item: { district: RefT | null; city?: RefT | null }) =>
  [item.city?.name, item.district?.name].filter(Boolean).join(', ') || null;

/** A catering's average bill as the page words it ("около 900 ₽"). */
export const avgBill = (p: PlaceDetailT, f: Formatters) =>
  p.avg_bill ? f.t('detail:avgBillValue', { value: f.number(p.avg_bill, 0) }) : null;

// Each fact reads the API shape of the sections that show it.
type Value<T> = FactConfig<T>['value'];
// biome-ignore lint/suspicious/noExplicitAny: a fact is read only from the items of the sections that list it
type AnyFact = Omit<FactConfig<any>, 'id'>;
const fact = <T>(icon: DetailIconName, value: Value<T>): AnyFact => ({ icon, value });
const placeFact = fact<PlaceDetailT>;
const typeName = placeFact('tag', (p) => p.type?.name);

/** Every fact a detail page can show. */
const facts: Record<FactId, AnyFact> = {
  address: fact<{ address: string | null }>('pin', (p) => p.address),
  // the bill, then when it was checked and by whom (a price goes out of date)
  avgBill: placeFact('wallet', (p, f) => {
    const value = avgBill(p, f);
    const line = value ? checkedLine(p.fact_sources?.avg_bill, f) : null;
    return value && line ? [value, line] : value;
  }),
  dates: fact<EventDetailT>('calendar', (e, f) => f.dateRange(e.start_date, e.end_date)),
  // The content's figure is the distance by road (a trip plan shows the straight line beside it).
  distance: placeFact('length', (p, f) =>
    p.distance_from_spb == null
      ? null
      : f.t('detail:distanceByRoad', { value: f.number(p.distance_from_spb, 0) }),
  ),
  district: fact<{ district: RefT | null; city?: RefT | null }>('pin', place),
  duration: fact<RouteDetailT>('clock', (r) => r.duration),
  entertainmentType: typeName,
  // open now or not, the weekly schedule and the note in words, then where the hours came from and
  // when they were checked; unknown hours say how to find out (the phone, the site) instead
  hours: placeFact('clock', (p, f) =>
    p.opening_hours
      ? [
          openStatusText(p.open_status, f.t),
          ...scheduleLines(p.opening_hours, f.t, f.dayMonth),
          ...(p.hours ? [p.hours] : []),
          ...hoursSourceLines(p, f),
        ]
      : [...hoursSourceLines(p, f), ...(p.hours ? [p.hours] : [])],
  ),
  admission: placeFact('wallet', (p, f) => [
    admissionText(p.admission, f.t, (n) => f.number(n, 0)),
    ...(p.price ? [p.price] : []),
    // when the price was checked and by whom (a price goes out of date), as for a bill
    ...(p.admission ? [checkedLine(p.fact_sources?.admission, f)].filter((l) => l !== null) : []),
  ]),
  accessibility: placeFact('access', (p, f) => [
    ...accessibilityLines(p.accessibility, f.t),
    ...[osmSourceLine(p.fact_sources?.accessibility, f)].filter((l) => l !== null),
  ]),
  inCatalogue: fact<TourismTypeDetailT>('tag', (tt, f) =>
    (['attractions', 'routes', 'events'] as const)
      .filter((s) => tt.counts[s] > 0)
      .map((s) => {
        const text = f.t(`detail:counts.${s}`, { count: tt.counts[s] });
        // Only the attractions list has a types-of-tourism filter group, so only its count links
        // to the list filtered by this type.
        return s === 'attractions' ? { text, href: `/attractions/list?tourism_type=${tt.id}` } : text;
      }),
  ),
  institutionType: placeFact('tag', (p) => p.institution_type?.name ?? p.type?.name),
  kitchenType: placeFact('tag', (p) => refs(p.kitchen_type)),
  length: fact<RouteDetailT>('length', (r, f) => km(r.length, f, 1)),
  objectType: typeName,
  // who organises the event, with their site when known (shown only when the content names them)
  organizer: fact<EventDetailT>('person', (e) =>
    e.organizer
      ? e.organizer_site
        ? { text: e.organizer, href: (site(e.organizer_site) as FactLink).href }
        : e.organizer
      : site(e.organizer_site),
  ),
  phone: placeFact('phone', (p, f) => withOsm(phone(p.phone), p, 'phone', f)),
  price: fact<{ price: string | null }>('wallet', (p) => p.price),
  published: fact<NewsDetailT>('calendar', (n, f) => f.date(n.date)),
  residenceType: typeName,
  rooms: placeFact('venue', (p, f) => (p.rooms ? f.number(p.rooms, 0) : null)),
  routeType: fact<RouteDetailT>('tag', (r) => r.type.name),
  routesPassing: placeFact('compass', (p) =>
    p.routes.length ? p.routes.map((r) => ({ text: r.name, href: `/routes/detail/${r.id}` })) : null,
  ),
  season: fact<RouteDetailT>('calendar', (r) => r.season),
  site: fact<{ site: string | null; fact_sources?: PlaceDetailT['fact_sources'] }>('globe', (p, f) =>
    'fact_sources' in p ? withOsm(site(p.site), p as PlaceDetailT, 'site', f) : site(p.site),
  ),
  stars: placeFact('tag', (p, f) => (p.stars ? f.t('detail:starsValue', { count: p.stars }) : null)),
  tourismType: fact<{ tourism_type: RefT[] }>('tag', (p) => refs(p.tourism_type)),
  venue: fact<EventDetailT>('venue', (e) => e.venue),
  wayToTravel: fact<RouteDetailT>('compass', (r) => refs(r.way_to_travel)),
};

/**
 * A shown text of a section's module (named by its detail page's `texts`): a fact labelled by the
 * field's name, after the section's own facts.
 */
const shownFact = (name: string): FactConfig<AnyDetail> => ({
  id: name,
  icon: 'tag',
  value: (item) => (item as unknown as Record<string, string | null | undefined>)[name],
});

/** The facts of a section's detail page: its description's, then its module's shown texts. */
export const factsOf = (section: Pick<Section, 'detail'>): FactConfig<AnyDetail>[] => [
  ...(section.detail?.facts ?? []).map((id) => ({ id, ...facts[id] })),
  ...(section.detail?.texts ?? []).map(shownFact),
];

function configOf<S extends DetailSection>(section: S): SectionDetailConfig<DetailItem[S]> {
  const detail = sectionOf(section).detail;
  if (!detail) throw new Error(`${section} has no detail page`);
  return {
    path: (id) => `${listApiPath(section)}${id}/`,
    facts: factsOf(sectionOf(section)),
    ...(detail.map ? { map: detail.map } : {}),
    ...(detail.map === 'place' ? { mapSection: section as MapSection } : {}),
    ...(detail.download ? { download: detail.download } : {}),
    schemaType: detail.schemaType,
    ogType: detail.ogType,
  };
}

export const detailConfig = Object.fromEntries(detailSections.map((s) => [s, configOf(s)])) as {
  [S in DetailSection]: SectionDetailConfig<DetailItem[S]>;
};

/** Nearby places of an item, when its section has them. */
export const nearbyOf = (item: AnyDetail): NearbyItemT[] => ('nearby' in item ? item.nearby : []);

/** What a detail page's <head> says about its item (web/lib/meta.ts). */
export const detailPageInfo = (section: DetailSection, item: AnyDetail): PageInfo =>
  withSearchFields(
    {
      title: item.name,
      description: item.annotation || docToPlain(item.description_doc),
      image: item.img,
      imageAlt: item.img_photo?.alt,
      type: detailConfig[section].ogType,
    },
    item.seo,
  );
