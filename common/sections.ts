// The catalogue's sections, each described once. The server's list and detail routes, the site
// search, the map, the sitemap, the list and detail pages, the menu and the scale generator all
// derive from these descriptions: adding a section or a filter is an edit here (and its content,
// translations and tests). docs/architecture.md shows what adding a section takes.

/** The tables that hold a section's items. */
export type SectionTable = 'places' | 'routes' | 'events' | 'news' | 'tourism_types';

/** The card an item of a section is shown with, and the API shape of its list items. */
export type CardKind = 'place' | 'route' | 'event' | 'news' | 'tourism-type';

/**
 * A filter group of a list. The API and the page's URL take it as `{key}__in=1,2`; a `repeated`
 * group as `{key}=1&{key}=2` (as the original API did), and the API takes `{key}__in` for it too.
 */
export interface FilterGroup {
  key: string;
  /** The column it matches: an integer (`= any(ids)`), or an int[] that must overlap the ids. */
  column: string;
  array?: true;
  repeated?: true;
  /** Where its choices come from: `/api/directory/{source}/`, or `/api/tourism-type/`. */
  source: string;
  /** Its label in the lists' strings (`filters.{label}`, and `filters.{label}Plural` for "all"). */
  label: string;
  /** The API takes it, the list page does not offer it. */
  apiOnly?: true;
}

/** Fields a place card has besides the common ones, each computed by the server's place cards. */
export type PlaceCardExtra =
  | 'distance_from_spb'
  | 'rating_category'
  | 'stars'
  | 'institution_type'
  | 'kitchen_type'
  | 'avg_bill'
  | 'hours'
  | 'open_status';

/**
 * The practical filters of a list and the map, each a yes/no switch (`?free=true`): free to
 * visit, open at the moment of the request in the region's time zone, a step-free entrance.
 */
export const practicalFilters = ['free', 'open_now', 'step_free'] as const;
export type PracticalFilter = (typeof practicalFilters)[number];

/** The facts of a detail page, in order; each fact's label is `detail:facts.{id}`. */
export type FactId =
  | 'accessibility'
  | 'address'
  | 'admission'
  | 'avgBill'
  | 'dates'
  | 'distance'
  | 'district'
  | 'duration'
  | 'entertainmentType'
  | 'hours'
  | 'inCatalogue'
  | 'institutionType'
  | 'kitchenType'
  | 'length'
  | 'objectType'
  | 'organizer'
  | 'phone'
  | 'price'
  | 'published'
  | 'residenceType'
  | 'rooms'
  | 'routeType'
  | 'routesPassing'
  | 'season'
  | 'site'
  | 'stars'
  | 'tourismType'
  | 'venue'
  | 'wayToTravel';

export interface DetailPage {
  facts: readonly FactId[];
  /** The schema.org type of its JSON-LD. */
  schemaType: string;
  ogType: 'article' | 'website';
  /** Where its small map points: the item's place, or the route's line. */
  map?: 'place' | 'route';
  /** A file to download: the route's GPX or the event's .ics. */
  download?: 'gpx' | 'ics';
}

export interface Section {
  /** The page paths /{slug}/list and /{slug}/detail/{id}, and the strings' `sections.{slug}`. */
  slug: string;
  table: SectionTable;
  /**
   * Which rows of the table belong to it: places of one `section`, only the `popular` ones, or
   * only events not over yet (`current`: their end date is today or later in the region).
   */
  scope?: { section?: string; popular?: true; current?: true };
  /** The API path of its list, under /api/ (default: the slug). */
  api?: string;
  /** Its items' detail pages are another section's (popular places are attractions). */
  detailOf?: string;
  card: CardKind;
  /** Place cards: the fields besides the common ones. */
  cardExtras?: readonly PlaceCardExtra[];
  /** The card shows the visitors' rating. */
  cardRating?: true;
  /** The directory of the `type` of its items (`/api/directory/{typeKind}/`), if they have one. */
  typeKind?: string;
  filters: readonly FilterGroup[];
  /** Its practical filters (places), offered by its list page, its API and the map. */
  practical?: readonly PracticalFilter[];
  /** The list page: cards per page (the API's `limit`) and columns below 700, from 700, from 1100 px. */
  page: { limit: number; columns: readonly [number, number, number] };
  /** The list has a search box. */
  listSearch: boolean;
  /** The list has a from/to date range. */
  dateRange?: true;
  /** Its detail page (a place's detail page also lists `rooms` and the routes that pass by, if named here). */
  detail?: DetailPage & { rooms?: true; routesPassing?: true };
  /** In the site search, in this order. */
  siteSearch: boolean;
  /** A layer of the map: its position in the map's list, its marker's colour and glyph (24×24 SVG path). */
  map?: { layer: number; colour: string; glyph: string };
  /** In the sitemap: its list page, and its detail pages when it has them. */
  sitemap: boolean;
  /** Under "Travel guide" in the site menu (the others have entries of their own). */
  guide?: true;
  /** A tab of a direction's page (its items in the direction's district): its tab number. */
  directionTab?: number;
  /**
   * Its items can be saved to the visitor's trip plan: `code` is the one letter that names the
   * section in a shared plan's link (common/trip-plan.ts), so it never changes once links exist.
   */
  trip?: { code: string };
}

const district: FilterGroup = {
  key: 'district',
  column: 'district_id',
  source: 'district',
  label: 'district',
};
const city: FilterGroup = { key: 'city', column: 'city_id', source: 'city', label: 'city' };
const tourismType: FilterGroup = {
  key: 'tourism_type',
  column: 'tourism_type_ids',
  array: true,
  source: 'tourism-type',
  label: 'tourism_type',
};
const typeGroup = (source: string, label: string): FilterGroup => ({
  key: 'type',
  column: 'type_id',
  source,
  label,
});
const grid = { standard: [2, 3, 4], wide: [2, 2, 3], news: [1, 2, 2] } as const;
const contacts = ['address', 'hours', 'phone', 'site'] as const satisfies readonly FactId[];
/** The practical filters of the places one visits (a hotel is not "free", nor "open now"). */
const visited = ['free', 'open_now', 'step_free'] as const satisfies readonly PracticalFilter[];

const attractionFilters = [typeGroup('object-type', 'objectType'), tourismType, district, city];

/** Every section, in the site search's order. */
export const sections = [
  {
    slug: 'attractions',
    table: 'places',
    scope: { section: 'attractions' },
    card: 'place',
    cardExtras: ['distance_from_spb', 'rating_category', 'open_status'],
    typeKind: 'object-type',
    filters: attractionFilters,
    practical: visited,
    page: { limit: 9, columns: grid.wide },
    listSearch: true,
    detail: {
      facts: [
        'objectType',
        'district',
        'distance',
        ...contacts,
        'admission',
        'accessibility',
        'tourismType',
        'routesPassing',
      ],
      schemaType: 'TouristAttraction',
      ogType: 'website',
      map: 'place',
      routesPassing: true,
    },
    siteSearch: true,
    map: {
      layer: 0,
      colour: '#c62828',
      glyph: 'M12 3 4 8v2h16V8zM6 11h2v6H6zm5 0h2v6h-2zm5 0h2v6h-2zM4 18h16v2H4z',
    },
    sitemap: true,
    trip: { code: 'a' },
    guide: true,
    directionTab: 2,
  },
  {
    slug: 'routes',
    table: 'routes',
    card: 'route',
    typeKind: 'route-type',
    filters: [
      typeGroup('route-type', 'routeType'),
      {
        key: 'way_to_travel',
        column: 'way_ids',
        array: true,
        repeated: true,
        source: 'vehicle',
        label: 'way_to_travel',
      },
      { ...tourismType, apiOnly: true },
      district,
      city,
    ],
    page: { limit: 16, columns: grid.standard },
    listSearch: true,
    detail: {
      facts: ['routeType', 'length', 'duration', 'wayToTravel', 'season', 'district', 'tourismType'],
      schemaType: 'TouristTrip',
      ogType: 'website',
      map: 'route',
      download: 'gpx',
    },
    siteSearch: true,
    map: {
      layer: 6,
      colour: '#00695c',
      glyph: 'M6 3a3 3 0 0 0-1 5.8V21h2v-5h9l-2-3 2-3H7V8.8A3 3 0 0 0 6 3z',
    },
    sitemap: true,
    trip: { code: 'r' },
    directionTab: 1,
  },
  {
    slug: 'events',
    table: 'events',
    scope: { current: true },
    card: 'event',
    filters: [district, city, { ...tourismType, apiOnly: true }],
    page: { limit: 8, columns: grid.standard },
    listSearch: true,
    dateRange: true,
    detail: {
      facts: ['dates', 'venue', 'address', 'district', 'price', 'site', 'organizer', 'tourismType'],
      schemaType: 'Event',
      ogType: 'website',
      map: 'place',
      download: 'ics',
    },
    siteSearch: true,
    map: {
      layer: 5,
      colour: '#ad1457',
      glyph:
        'M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2zM5 9h14v11H5z',
    },
    sitemap: true,
    trip: { code: 'e' },
    directionTab: 3,
  },
  {
    slug: 'residence',
    table: 'places',
    scope: { section: 'residence' },
    card: 'place',
    cardExtras: ['stars'],
    typeKind: 'residence-type',
    filters: [typeGroup('residence-type', 'residenceType'), district, city],
    practical: ['step_free'],
    page: { limit: 16, columns: grid.standard },
    listSearch: true,
    detail: {
      facts: ['residenceType', 'stars', 'rooms', 'district', ...contacts, 'admission', 'accessibility'],
      schemaType: 'LodgingBusiness',
      ogType: 'website',
      map: 'place',
      rooms: true,
    },
    siteSearch: true,
    map: { layer: 1, colour: '#1f3160', glyph: 'M3 11 12 4l9 7v9h-6v-6H9v6H3z' },
    sitemap: true,
    trip: { code: 'h' },
    guide: true,
    directionTab: 4,
  },
  {
    slug: 'caterings',
    table: 'places',
    scope: { section: 'caterings' },
    card: 'place',
    cardExtras: ['institution_type', 'kitchen_type', 'avg_bill', 'open_status'],
    typeKind: 'institution-type',
    filters: [
      { key: 'institution_type', column: 'type_id', source: 'institution-type', label: 'institution_type' },
      {
        key: 'kitchen_type',
        column: 'kitchen_type_ids',
        array: true,
        source: 'kitchen-type',
        label: 'kitchen_type',
      },
      district,
      city,
    ],
    practical: ['open_now', 'step_free'],
    page: { limit: 16, columns: grid.standard },
    listSearch: true,
    detail: {
      facts: ['institutionType', 'kitchenType', 'avgBill', 'district', ...contacts, 'accessibility'],
      schemaType: 'FoodEstablishment',
      ogType: 'website',
      map: 'place',
    },
    siteSearch: true,
    map: {
      layer: 2,
      colour: '#a05a00',
      glyph:
        'M7 3v7a2 2 0 0 0 2 2v9h2v-9a2 2 0 0 0 2-2V3h-1.5v6h-1V3h-1v6h-1V3zm9 0c-1.7 0-3 2-3 5v5h2v8h2V3z',
    },
    sitemap: true,
    trip: { code: 'c' },
    guide: true,
  },
  {
    slug: 'entertainment',
    table: 'places',
    scope: { section: 'entertainment' },
    card: 'place',
    cardExtras: ['open_status'],
    typeKind: 'entertainment-type',
    filters: [typeGroup('entertainment-type', 'entertainmentType'), district, city],
    practical: visited,
    page: { limit: 16, columns: grid.standard },
    listSearch: true,
    detail: {
      facts: ['entertainmentType', 'district', ...contacts, 'admission', 'accessibility', 'tourismType'],
      schemaType: 'EntertainmentBusiness',
      ogType: 'website',
      map: 'place',
    },
    siteSearch: true,
    map: {
      layer: 4,
      colour: '#6a1b9a',
      glyph: 'M12 2 14.9 8.6 22 9.2l-5.4 4.7 1.6 7.1L12 17.3 5.8 21l1.6-7.1L2 9.2l7.1-.6z',
    },
    sitemap: true,
    trip: { code: 'n' },
    guide: true,
    directionTab: 5,
  },
  {
    slug: 'tourist-information-centers',
    table: 'places',
    scope: { section: 'tourist-information-centers' },
    card: 'place',
    cardExtras: ['hours', 'open_status'],
    filters: [district, city],
    practical: visited,
    page: { limit: 12, columns: grid.standard },
    listSearch: true,
    detail: {
      facts: ['district', ...contacts, 'admission', 'accessibility'],
      schemaType: 'TouristInformationCenter',
      ogType: 'website',
      map: 'place',
    },
    siteSearch: true,
    map: {
      layer: 3,
      colour: '#1e7e34',
      glyph: 'M11 7h2V5h-2zm0 12h2v-9h-2zM12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z',
    },
    sitemap: true,
    trip: { code: 'i' },
    guide: true,
  },
  {
    slug: 'tourism-type',
    table: 'tourism_types',
    card: 'tourism-type',
    filters: [],
    page: { limit: 16, columns: grid.standard },
    listSearch: false,
    detail: { facts: ['inCatalogue'], schemaType: 'TouristDestination', ogType: 'website' },
    siteSearch: true,
    sitemap: true,
    guide: true,
  },
  {
    slug: 'news',
    table: 'news',
    card: 'news',
    filters: [],
    page: { limit: 8, columns: grid.news },
    listSearch: true,
    detail: { facts: ['published', 'district'], schemaType: 'NewsArticle', ogType: 'article' },
    siteSearch: true,
    sitemap: true,
  },
  {
    slug: 'popular-places',
    table: 'places',
    scope: { section: 'attractions', popular: true },
    api: 'attractions/popular',
    detailOf: 'attractions',
    card: 'place',
    cardExtras: ['distance_from_spb', 'rating_category', 'open_status'],
    cardRating: true,
    typeKind: 'object-type',
    filters: attractionFilters.map((f) => ({ ...f, apiOnly: true as const })),
    page: { limit: 12, columns: grid.standard },
    listSearch: true,
    siteSearch: false,
    sitemap: true,
    guide: true,
  },
] as const satisfies readonly Section[];

/** The same list, typed by the description's interface (for reading optional parts). */
export const everySection: readonly Section[] = sections;

export type AnySection = (typeof sections)[number];
export type SectionSlug = AnySection['slug'];
/** The sections with their own detail pages. */
export type DetailSection = Extract<AnySection, { detail: object }>['slug'];
/** The sections whose items are rows of `places` of their own (popular places are attractions). */
export type PlaceSection = Extract<
  AnySection,
  { table: 'places'; scope: { section: string } }
>['scope']['section'];
export type MapSection = Extract<AnySection, { map: object }>['slug'];
export type SiteSearchSection = Extract<AnySection, { siteSearch: true }>['slug'];
export type CardKindOf<S extends SectionSlug> = Extract<AnySection, { slug: S }>['card'];

const bySlug = new Map<string, Section>(sections.map((s) => [s.slug, s]));

export const sectionSlugs: readonly SectionSlug[] = sections.map((s) => s.slug);

export function isSectionSlug(value: string | undefined): value is SectionSlug {
  return value !== undefined && bySlug.has(value);
}

/** The description of a section. */
export function sectionOf(slug: SectionSlug): Section {
  return bySlug.get(slug) as Section;
}

export const detailSections = sections.filter((s) => 'detail' in s).map((s) => s.slug) as DetailSection[];

export function isDetailSection(value: string | undefined): value is DetailSection {
  return value !== undefined && (detailSections as readonly string[]).includes(value);
}

/** The sections that are rows of `places` of their own, in the site search's order. */
export const placeSections = sections
  .filter((s) => s.table === 'places' && !(s.scope as Section['scope'])?.popular)
  .map((s) => s.slug) as PlaceSection[];

export function isPlaceSection(value: string): value is PlaceSection {
  return (placeSections as readonly string[]).includes(value);
}

/** The map's layers, in the map's order (a point's first element indexes this list). */
export const mapSections = sections
  .filter((s): s is Extract<AnySection, { map: object }> => 'map' in s)
  .sort((a, b) => a.map.layer - b.map.layer)
  .map((s) => s.slug) as MapSection[];

/** The API path of a section's list: /api/{api or slug}/. */
export const listApiPath = (slug: SectionSlug) => `/api/${sectionOf(slug).api ?? slug}/`;

/** The detail page of an item of a section: /{section}/detail/{id} (popular places: attractions). */
export const detailPagePath = (slug: SectionSlug, id: number) =>
  `/${sectionOf(slug).detailOf ?? slug}/detail/${id}`;

/** The sections whose items a visitor can save to their trip plan, in the registry's order. */
export type TripSection = Extract<AnySection, { trip: object }>['slug'];
export const tripSections = sections
  .filter((s): s is Extract<AnySection, { trip: object }> => 'trip' in s)
  .map((s) => s.slug) as TripSection[];

export function isTripSection(value: string | undefined): value is TripSection {
  return value !== undefined && (tripSections as readonly string[]).includes(value);
}

/**
 * The key of an item in the visitor's trip (`attractions.12`), for an item shown in a section's
 * card or page (popular places are saved as the attractions they are); null when the section's
 * items cannot be saved.
 */
export function tripKey(slug: SectionSlug, id: number): string | null {
  const own = bySlug.get(slug)?.detailOf ?? slug;
  return isTripSection(own) ? `${own}.${id}` : null;
}

/** The sections under "Travel guide" in the menu. */
export const guideSections = sections.filter((s) => 'guide' in s).map((s) => s.slug);

/** A direction's tabs, numbered from 1 in this order. */
export const directionTabs = sections
  .filter((s): s is Extract<AnySection, { directionTab: number }> => 'directionTab' in s)
  .sort((a, b) => a.directionTab - b.directionTab)
  .map((s) => s.slug);
export type DirectionTab = (typeof directionTabs)[number];
