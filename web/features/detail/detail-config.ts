import type {
  EventDetailT,
  NearbyItemT,
  NewsDetailT,
  PlaceDetailT,
  RefT,
  RouteDetailT,
  TourismTypeDetailT,
} from '../../../common/api';
import type { SectionSlug } from '../../api/queries';
import type { LineIconName } from '../../lib/icons';
import type { MapSection } from '../map/map-data';

// What differs between the nine detail pages: where the item comes from, which facts it shows
// (in order), its map, its download and its schema.org type. The page itself is generic.

export type DetailSection = Exclude<SectionSlug, 'popular-places'>;

export interface DetailItem {
  routes: RouteDetailT;
  'tourism-type': TourismTypeDetailT;
  residence: PlaceDetailT;
  entertainment: PlaceDetailT;
  attractions: PlaceDetailT;
  news: NewsDetailT;
  events: EventDetailT;
  caterings: PlaceDetailT;
  'tourist-information-centers': PlaceDetailT;
}
export type AnyDetail = DetailItem[DetailSection];

/** A link in a fact: internal paths navigate in the app, other links leave the site. */
export interface FactLink {
  text: string;
  href: string;
}
/** What a fact shows: plain text, one link, or a list of texts and links. */
export type FactValue = string | FactLink | (string | FactLink)[];

/** Formatting in the page's language (dates, numbers, words). */
export interface Formatters {
  t: (key: string, options?: Record<string, unknown>) => string;
  date: (iso: string) => string;
  dateRange: (start: string, end: string) => string;
  number: (value: number, fractionDigits?: number) => string;
}

export interface FactConfig<T> {
  /** The label key: detail:facts.<id>. */
  id: string;
  icon: LineIconName;
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
const site = (value: string | null | undefined): FactLink | null => {
  if (!value) return null;
  const href = /^https?:\/\//.test(value) ? value : `https://${value}`;
  return { text: value.replace(/^https?:\/\//, '').replace(/\/$/, ''), href };
};
const km = (value: number | null | undefined, f: Formatters, digits?: number) =>
  value == null ? null : `${f.number(value, digits)} ${f.t('translation:common.km')}`;
const place = (item: { district: RefT | null; city?: RefT | null }) =>
  [item.city?.name, item.district?.name].filter(Boolean).join(', ') || null;

/** Facts every kind of place has: address, opening hours, phone, site. */
const contactFacts: FactConfig<PlaceDetailT>[] = [
  { id: 'address', icon: 'pin', value: (p) => p.address },
  { id: 'hours', icon: 'clock', value: (p) => p.hours },
  { id: 'phone', icon: 'phone', value: (p) => phone(p.phone) },
  { id: 'site', icon: 'globe', value: (p) => site(p.site) },
];
/** A catering's average bill as the page words it ("около 900 ₽"). */
export const avgBill = (p: PlaceDetailT, f: Formatters) =>
  p.avg_bill ? f.t('detail:avgBillValue', { value: f.number(p.avg_bill, 0) }) : null;
const districtFact: FactConfig<PlaceDetailT> = { id: 'district', icon: 'pin', value: place };
const priceFact: FactConfig<PlaceDetailT> = { id: 'price', icon: 'wallet', value: (p) => p.price };

const placeConfig = (
  mapSection: MapSection,
  schemaType: string,
  facts: FactConfig<PlaceDetailT>[],
): SectionDetailConfig<PlaceDetailT> => ({
  path: () => '',
  facts,
  map: 'place',
  mapSection,
  schemaType,
  ogType: 'website',
});

export const detailConfig: { [S in DetailSection]: SectionDetailConfig<DetailItem[S]> } = {
  routes: {
    path: (id) => `/api/routes/${id}/`,
    facts: [
      { id: 'routeType', icon: 'tag', value: (r) => r.type.name },
      { id: 'length', icon: 'length', value: (r, f) => km(r.length, f, 1) },
      { id: 'duration', icon: 'clock', value: (r) => r.duration },
      { id: 'wayToTravel', icon: 'compass', value: (r) => refs(r.way_to_travel) },
      { id: 'season', icon: 'calendar', value: (r) => r.season },
      { id: 'district', icon: 'pin', value: place },
      { id: 'tourismType', icon: 'tag', value: (r) => refs(r.tourism_type) },
    ],
    map: 'route',
    download: 'gpx',
    schemaType: 'TouristTrip',
    ogType: 'website',
  },
  events: {
    path: (id) => `/api/events/${id}/`,
    facts: [
      { id: 'dates', icon: 'calendar', value: (e, f) => f.dateRange(e.start_date, e.end_date) },
      { id: 'venue', icon: 'venue', value: (e) => e.venue },
      { id: 'address', icon: 'pin', value: (e) => e.address },
      { id: 'district', icon: 'pin', value: place },
      { id: 'price', icon: 'wallet', value: (e) => e.price },
      { id: 'site', icon: 'globe', value: (e) => site(e.site) },
      { id: 'tourismType', icon: 'tag', value: (e) => refs(e.tourism_type) },
    ],
    map: 'place',
    mapSection: 'events',
    download: 'ics',
    schemaType: 'Event',
    ogType: 'website',
  },
  attractions: {
    ...placeConfig('attractions', 'TouristAttraction', [
      { id: 'objectType', icon: 'tag', value: (p) => p.type?.name },
      districtFact,
      {
        id: 'distance',
        icon: 'length',
        value: (p, f) => (p.distance_from_spb == null ? null : km(p.distance_from_spb, f, 0)),
      },
      ...contactFacts,
      priceFact,
      { id: 'tourismType', icon: 'tag', value: (p) => refs(p.tourism_type) },
      {
        id: 'routesPassing',
        icon: 'compass',
        value: (p) =>
          p.routes.length ? p.routes.map((r) => ({ text: r.name, href: `/routes/detail/${r.id}` })) : null,
      },
    ]),
    path: (id) => `/api/attractions/${id}/`,
  },
  residence: {
    ...placeConfig('residence', 'LodgingBusiness', [
      { id: 'residenceType', icon: 'tag', value: (p) => p.type?.name },
      {
        id: 'stars',
        icon: 'tag',
        value: (p, f) => (p.stars ? f.t('detail:starsValue', { count: p.stars }) : null),
      },
      { id: 'rooms', icon: 'venue', value: (p, f) => (p.rooms ? f.number(p.rooms, 0) : null) },
      districtFact,
      ...contactFacts,
      priceFact,
    ]),
    path: (id) => `/api/residence/${id}/`,
  },
  caterings: {
    ...placeConfig('caterings', 'FoodEstablishment', [
      { id: 'institutionType', icon: 'tag', value: (p) => p.institution_type?.name ?? p.type?.name },
      { id: 'kitchenType', icon: 'tag', value: (p) => refs(p.kitchen_type) },
      {
        id: 'avgBill',
        icon: 'wallet',
        value: avgBill,
      },
      districtFact,
      ...contactFacts,
    ]),
    path: (id) => `/api/caterings/${id}/`,
  },
  'tourist-information-centers': {
    ...placeConfig('tourist-information-centers', 'TouristInformationCenter', [
      districtFact,
      ...contactFacts,
    ]),
    path: (id) => `/api/tourist-information-centers/${id}/`,
  },
  entertainment: {
    ...placeConfig('entertainment', 'EntertainmentBusiness', [
      { id: 'entertainmentType', icon: 'tag', value: (p) => p.type?.name },
      districtFact,
      ...contactFacts,
      priceFact,
      { id: 'tourismType', icon: 'tag', value: (p) => refs(p.tourism_type) },
    ]),
    path: (id) => `/api/entertainment/${id}/`,
  },
  news: {
    path: (id) => `/api/news/${id}/`,
    facts: [
      { id: 'published', icon: 'calendar', value: (n, f) => f.date(n.date) },
      { id: 'district', icon: 'pin', value: (n) => n.district?.name },
    ],
    schemaType: 'NewsArticle',
    ogType: 'article',
  },
  'tourism-type': {
    path: (id) => `/api/tourism-type/${id}/`,
    facts: [
      {
        id: 'inCatalogue',
        icon: 'tag',
        value: (tt, f) =>
          (['attractions', 'routes', 'events'] as const)
            .filter((s) => tt.counts[s] > 0)
            .map((s) => {
              const text = f.t(`detail:counts.${s}`, { count: tt.counts[s] });
              // Only the attractions list has a types-of-tourism filter group, so only its count links
              // to the list filtered by this type.
              return s === 'attractions' ? { text, href: `/attractions/list?tourism_type=${tt.id}` } : text;
            }),
      },
    ],
    schemaType: 'TouristDestination',
    ogType: 'website',
  },
};

export const detailSections = Object.keys(detailConfig) as DetailSection[];

export function isDetailSection(value: string | undefined): value is DetailSection {
  return value !== undefined && Object.hasOwn(detailConfig, value);
}

/** Nearby places of an item, when its section has them. */
export const nearbyOf = (item: AnyDetail): NearbyItemT[] => ('nearby' in item ? item.nearby : []);
