import Type, { type Static, type TSchema } from 'typebox';
import { type AccessibilityFact, accessibilityFacts } from './accessibility.js';
import { type FactKey, factKeys, factSourceKinds } from './fact-sources.js';
import { languages } from './languages.js';
import { RichDocSchema } from './rich-text-schema.js';
import { placeModules, shownFields } from './section-modules.js';
import {
  type EditorialField,
  type MapSection,
  mapSections,
  practicalFilters,
  type SiteSearchSection,
  sections,
  tripSections,
} from './sections.js';
import { MAX_PLAN_ITEMS } from './trip-plan.js';

/** The API's `description`: a rich text's readable text form (common/rich-text.ts, decision 052). */
const DescriptionText =
  'the description as text: paragraphs split by blank lines, `## ` headings, `- ` and `1. ` list items, `> ` quotes, `[text](href)` links, **bold** and _italic_; description_doc (details) is its structure';

// The API contract: one schema per response shape. Fastify validates and serializes with them,
// the OpenAPI document is generated from them, and the web client takes its types from them.

const Nullable = <S extends TSchema>(s: S) => Type.Union([s, Type.Null()]);
const Id = Type.Integer({ minimum: 1 });
const Img = Nullable(
  Type.String({ description: 'URL of a 640 px JPEG: /media/<id>/<width>.<jpg|webp|avif>' }),
);
const Images = Type.Array(Type.String(), { description: 'URLs of the pictures, the first is the main one' });

/**
 * What the media library says of an uploaded photo: what it shows, in the answer's language (for
 * its alt text), and the point its crops keep in view. Generated illustrations have none.
 */
export const LibraryPhoto = Type.Object({
  alt: Type.String({
    description: 'what the photo shows, in the answer’s language (Russian when it lacks one)',
  }),
  focal_x: Type.Number({ minimum: 0, maximum: 1, description: 'the point to keep in view, from the left' }),
  focal_y: Type.Number({ minimum: 0, maximum: 1, description: 'the point to keep in view, from the top' }),
});
/** Beside `img`: its photo's alt text and focal point, when it is a photo of the media library. */
const ImgPhoto = Type.Optional(LibraryPhoto);
/** Beside `images`, in the same order: each one's, null for an illustration; absent when none is a photo. */
const ImagePhotos = Type.Optional(Type.Array(Type.Union([LibraryPhoto, Type.Null()])));
const IsoDate = Type.String({ format: 'date', examples: ['2026-12-19'] });

export const Ref = Type.Object({ id: Id, name: Type.String() });

/**
 * What an item's editors set for search results and shared links (decision 053), in the answer's
 * language (Russian when it lacks one); null where they set nothing, and the page then uses its
 * own: the title, the summary, the first picture (`img` of the item).
 */
export const Seo = Type.Object(
  {
    title: Nullable(Type.String({ description: 'the title for search results and shared links' })),
    description: Nullable(
      Type.String({ description: 'the description for search results and shared links' }),
    ),
    img: Img,
    img_photo: ImgPhoto,
  },
  { description: 'the search and sharing fields; null: the page’s own title, summary or first picture' },
);
export const Point = Type.Tuple([Type.Number(), Type.Number()], { description: '[lat, lon]' });

export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
});

/**
 * A search counts its matches up to this many (docs/decisions/010-search-counts.md): past it the
 * count says "more than 1,000" and the pages end there, as in most search engines.
 */
export const SEARCH_COUNT_CAP = 1000;
/**
 * The search page counts each section's matches up to this many ("100+"): it shows the best few of
 * each, and its list (which counts up to SEARCH_COUNT_CAP) is a click away. Decision 010.
 */
export const SITE_SEARCH_COUNT_CAP = 100;

const Capped = Type.Optional(
  Type.Literal(true, {
    description: `present when a search matched more than ${SEARCH_COUNT_CAP} items: count is then ${SEARCH_COUNT_CAP} and only those are paged`,
  }),
);

/** DRF-style page: the answer of every list when `limit` is given. */
export const Page = <S extends TSchema>(item: S) =>
  Type.Object({
    count: Type.Integer({ minimum: 0 }),
    capped: Capped,
    next: Nullable(Type.String()),
    previous: Nullable(Type.String()),
    results: Type.Array(item),
  });
/** Without `limit` a list answers with a plain (bounded) array, with `limit` with a page. */
export const ListOrPage = <S extends TSchema>(item: S) => Type.Union([Type.Array(item), Page(item)]);

export const NearbyItem = Type.Object({
  section: Type.String(),
  id: Id,
  name: Type.String(),
  img: Img,
  img_photo: ImgPhoto,
  lat: Type.Number(),
  lon: Type.Number(),
  distance_km: Type.Number(),
});

const cardFields = {
  id: Id,
  name: Type.String(),
  annotation: Type.String(),
  img: Img,
  img_photo: ImgPhoto,
};

// Practical facts of a place: its opening hours, its price and what a visitor with a disability
// can count on. Each is known or unknown; unknown is never shown as "no".

/** A time of day in the region, HH:MM; 24:00 is the end of the day. */
const timeOfDay = (description?: string) =>
  Type.String({
    pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$',
    examples: ['10:00'],
    ...(description ? { description } : {}),
  });
const TimeOfDay = timeOfDay();
/** A day of every year, MM-DD. */
const MonthDay = Type.String({
  pattern: '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
  examples: ['05-01'],
});
/** ISO weekdays: 1 Monday … 7 Sunday. */
const Weekday = Type.Integer({ minimum: 1, maximum: 7 });
export const OpeningInterval = Type.Object(
  {
    days: Type.Array(Weekday, { minItems: 1, maxItems: 7, uniqueItems: true }),
    opens: TimeOfDay,
    closes: timeOfDay('the closing time; at or before `opens`: the next day (a night until 02:00)'),
  },
  { additionalProperties: false },
);
const seasonHours = Type.Array(OpeningInterval, {
  maxItems: 14,
  description: 'the opening times of the season; the days not named are closed (none: closed all season)',
});
// The branches of a union have no `additionalProperties: false`: the server's validator removes
// the properties a branch does not name while it tries that branch (removeAdditional), which
// would strip `min` from a paid admission before its own branch is tried. Never() refuses a key.
export const OpeningSeason = Type.Union([
  Type.Object(
    { from: MonthDay, to: MonthDay, hours: seasonHours },
    { description: 'a season of every year, from and to included' },
  ),
  Type.Object(
    { from: Type.Optional(Type.Never()), to: Type.Optional(Type.Never()), hours: seasonHours },
    { description: 'the whole year' },
  ),
]);
export const MonthlyClosure = Type.Object(
  {
    week: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4), Type.Literal(-1)], {
      description: 'the weekday’s place in the month: 1 to 4, or -1 for the last',
    }),
    day: Weekday,
  },
  { additionalProperties: false, description: 'a closed day each month, such as the last Monday' },
);
export const OpeningHours = Type.Object(
  {
    seasons: Type.Array(OpeningSeason, {
      minItems: 1,
      maxItems: 6,
      description:
        'a day follows the first season whose dates include it (a season without dates includes every day); no season: closed',
    }),
    closed_dates: Type.Optional(Type.Array(IsoDate, { maxItems: 60, description: 'closed on these dates' })),
    closed_monthly: Type.Optional(Type.Array(MonthlyClosure, { maxItems: 4 })),
  },
  {
    additionalProperties: false,
    description: 'the weekly schedule in the region’s time zone (Europe/Moscow)',
  },
);
export const OpenStatus = Type.Union(
  [
    Type.Object({
      open: Type.Literal(true),
      until: Nullable(timeOfDay('closes at; null: not within a week')),
    }),
    Type.Object({
      open: Type.Literal(false),
      opens: Nullable(
        Type.Object(
          {
            date: IsoDate,
            time: TimeOfDay,
            in_days: Type.Integer({ minimum: 0, description: '0 today, 1 tomorrow …' }),
          },
          { description: 'the next opening within a year; null: none known' },
        ),
      ),
    }),
  ],
  { description: 'open or closed at the moment of the answer, in the region’s time zone' },
);
export const Admission = Type.Union(
  [
    Type.Object({
      free: Type.Literal(true),
      min: Type.Optional(Type.Never()),
      max: Type.Optional(Type.Never()),
    }),
    Type.Object({
      free: Type.Literal(false),
      min: Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'roubles' }),
      max: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'roubles' })),
    }),
  ],
  { description: 'the price of a visit: free, or from min (to max) roubles' },
);
export { type AccessibilityFact, accessibilityFacts };
export const Accessibility = Type.Object(
  Object.fromEntries(accessibilityFacts.map((f) => [f, Type.Optional(Type.Boolean())])) as Record<
    AccessibilityFact,
    Type.TOptional<Type.TBoolean>
  >,
  {
    additionalProperties: false,
    description: 'true: known to be so, false: known not to be; absent: unknown',
  },
);

export const FactSource = Type.Object(
  {
    source: Type.Enum([...factSourceKinds], {
      description:
        'venue: the venue said so; osm: OpenStreetMap; staff: entered by staff; import: a spreadsheet import',
    }),
    checked: IsoDate,
    ref: Type.Optional(
      Type.String({ pattern: '^(node|way|relation)/[0-9]{1,12}$', description: 'the OpenStreetMap object' }),
    ),
    note: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false, description: 'where a fact came from and the day it was last checked' },
);
export const FactSources = Type.Object(
  Object.fromEntries(factKeys.map((k) => [k, Type.Optional(FactSource)])) as Record<
    FactKey,
    Type.TOptional<typeof FactSource>
  >,
  { additionalProperties: false, description: 'the source of each known fact; absent: not recorded' },
);

export const PlaceCard = Type.Object({
  ...cardFields,
  district: Ref,
  city: Nullable(Ref),
  type: Nullable(Ref),
  tourism_type: Type.Array(Ref),
  address: Nullable(Type.String()),
  lat: Type.Number(),
  lon: Type.Number(),
  distance_from_spb: Type.Optional(Nullable(Type.Integer())),
  rating_category: Type.Optional(
    Nullable(
      Type.String({
        description:
          "the editors' rating, 1.0 to 5.0 (how much the staff judge the place worth the trip; not visitors' reviews)",
      }),
    ),
  ),
  stars: Type.Optional(Nullable(Type.Integer())),
  institution_type: Type.Optional(Nullable(Ref)),
  kitchen_type: Type.Optional(Type.Array(Ref)),
  avg_bill: Type.Optional(Nullable(Type.Integer())),
  hours: Type.Optional(Nullable(Type.String())),
  open_status: Type.Optional(Nullable(OpenStatus)),
});

/**
 * A place's detail answer, with the shown texts of the sections' modules (each a property named as
 * its field: common/section-modules.ts `shownFields`), for the given fields.
 */
export const placeDetailSchema = (shown: readonly EditorialField[]) =>
  Type.Object({
    ...PlaceCard.properties,
    description: Type.String({ description: DescriptionText }),
    description_doc: RichDocSchema,
    images: Images,
    image_photos: ImagePhotos,
    hours: Nullable(Type.String({ description: 'a note on the hours, in words' })),
    price: Nullable(Type.String({ description: 'a note on the price, in words' })),
    opening_hours: Nullable(OpeningHours),
    open_status: Nullable(OpenStatus),
    admission: Nullable(Admission),
    accessibility: Accessibility,
    phone: Nullable(Type.String()),
    site: Nullable(Type.String()),
    fact_sources: FactSources,
    rooms: Type.Optional(Nullable(Type.Integer())),
    routes: Type.Array(Ref, { description: 'ready routes that pass by (attractions)' }),
    nearby: Type.Array(NearbyItem),
    seo: Seo,
    // Named by the modules, read by name: no static type of their own.
    ...(Object.fromEntries(shown.map((f) => [f.name, Type.Optional(Nullable(Type.String()))])) as Record<
      never,
      never
    >),
  });

/** The shown texts of every section of places, each once. */
const everyShownField = [...new Map(placeModules.flatMap(shownFields).map((f) => [f.name, f])).values()];
export const PlaceDetail = placeDetailSchema(everyShownField);

export const RouteCard = Type.Object({
  ...cardFields,
  district: Ref,
  city: Nullable(Ref),
  type: Ref,
  way_to_travel: Type.Array(Ref),
  tourism_type: Type.Array(Ref),
  length: Type.Number({ description: 'km' }),
  objects_along_the_way: Type.Array(Ref),
  lat: Type.Number(),
  lon: Type.Number(),
});

export const RouteObject = Type.Object({
  id: Id,
  name: Type.String(),
  img: Img,
  img_photo: ImgPhoto,
  type: Nullable(Ref),
  lat: Type.Number(),
  lon: Type.Number(),
});

export const RouteDetail = Type.Object({
  ...RouteCard.properties,
  description: Type.String({ description: DescriptionText }),
  description_doc: RichDocSchema,
  images: Images,
  image_photos: ImagePhotos,
  duration: Nullable(Type.String()),
  season: Nullable(Type.String()),
  path: Type.Array(Point),
  objects_along_the_way: Type.Array(RouteObject),
  nearby: Type.Array(NearbyItem),
  seo: Seo,
});

export const EventCard = Type.Object({
  ...cardFields,
  description: Type.String({ description: DescriptionText }),
  start_date: IsoDate,
  end_date: IsoDate,
  start_end_date: Type.String({ examples: ['19.12.2026 - 08.01.2027'] }),
  venue: Nullable(Type.String()),
  district: Ref,
  city: Nullable(Ref),
  tourism_type: Type.Array(Ref),
  lat: Type.Number(),
  lon: Type.Number(),
});

export const EventDetail = Type.Object({
  ...EventCard.properties,
  description_doc: RichDocSchema,
  address: Nullable(Type.String()),
  price: Nullable(Type.String()),
  site: Nullable(Type.String()),
  organizer: Nullable(Type.String({ description: 'who organises the event; null: unknown' })),
  organizer_site: Nullable(Type.String({ description: "the organiser's site; null: unknown" })),
  images: Images,
  image_photos: ImagePhotos,
  nearby: Type.Array(NearbyItem),
  seo: Seo,
});

export const NewsCard = Type.Object({ ...cardFields, date: IsoDate });
export const NewsDetail = Type.Object({
  ...NewsCard.properties,
  updated_at: Type.String({ format: 'date-time', description: 'when the item last changed' }),
  description: Type.String({ description: DescriptionText }),
  description_doc: RichDocSchema,
  images: Images,
  image_photos: ImagePhotos,
  district: Nullable(Ref),
  seo: Seo,
});

export const TourismTypeCard = Type.Object({
  ...cardFields,
  icon: Type.String({ description: 'URL of an SVG line icon' }),
});
export const TourismTypeDetail = Type.Object({
  ...TourismTypeCard.properties,
  description: Type.String({ description: DescriptionText }),
  description_doc: RichDocSchema,
  images: Images,
  image_photos: ImagePhotos,
  counts: Type.Object({ attractions: Type.Integer(), routes: Type.Integer(), events: Type.Integer() }),
  seo: Seo,
});

export const Direction = Type.Object({
  id: Id,
  name: Type.String(),
  district: Type.String({ description: 'name of the district' }),
  districtid: Id,
  annotation: Type.String(),
  description: Type.String({ description: DescriptionText }),
  description_doc: RichDocSchema,
  img: Img,
  images: Images,
  admin_center: Nullable(Ref),
  area_km2: Nullable(Type.Integer()),
  population: Nullable(Type.Integer()),
  lat: Type.Number(),
  lon: Type.Number(),
  seo: Seo,
});
export const NavItem = Type.Object({ id: Id, name: Type.String() });

export const DirectoryItem = Type.Object({ id: Id, name: Type.String(), label: Type.String() });
export const DistrictItem = Type.Object({
  ...DirectoryItem.properties,
  lat: Type.Number(),
  lon: Type.Number(),
});
export const CityItem = Type.Object({
  ...DirectoryItem.properties,
  district: Id,
  lat: Type.Number(),
  lon: Type.Number(),
});

export const FooterContent = Type.Object({
  news: Type.Array(Type.Object({ id: Id, name: Type.String(), date: IsoDate })),
  events: Type.Array(Type.Object({ id: Id, name: Type.String(), start_end_date: Type.String() })),
  partners: Type.Array(
    Type.Object({ id: Id, name: Type.String(), logo: Type.String(), link: Type.String() }),
  ),
});

/** The region's contact details: the menu and the footer of every page show them. */
export const Contacts = Type.Object({
  address: Type.String(),
  email: Type.String(),
  site: Type.String(),
  phone: Type.String(),
  group_vk: Type.String(),
});

export const MainPage = Type.Object({
  id: Id,
  title: Type.String(),
  description: Type.String(),
  button_label: Type.String(),
  buttom_link: Type.String({ description: 'the link of the hero button (the name is the original API’s)' }),
  img: Img,
  popular_objects: Type.Array(PlaceCard),
  routes: Type.Array(RouteCard),
  address: Type.String(),
  email: Type.String(),
  site: Type.String(),
  phone: Type.String(),
  group_vk: Type.String(),
});

export const InfoPageCard = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  annotation: Type.String(),
  img: Img,
});
export const InfoPage = Type.Object({
  ...InfoPageCard.properties,
  body: Type.String({
    description:
      'the page’s text: paragraphs split by blank lines, `## ` headings, `- ` and `1. ` list items, `> ` quotes, `[text](href)` links, **bold** and _italic_, `![alt](media-id "caption")` pictures; body_doc is its structure',
  }),
  body_doc: RichDocSchema,
  seo: Seo,
});

export const SubscribeToggle = Type.Object({ status: Type.Boolean() });

// What visitors send. The server validates it; the web client checks only that a feedback message is there.
const Honeypot = Type.Optional(
  Type.String({ maxLength: 1000, description: 'leave empty: a field hidden from people, filled by bots' }),
);
export const FeedbackBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  phone: Type.Optional(Type.String({ maxLength: 50 })),
  email: Type.Optional(Type.String({ maxLength: 254, description: 'an email address, or empty' })),
  message: Type.String({ maxLength: 5000 }),
  page: Type.Optional(Type.String({ maxLength: 2000, description: 'the page the dialog was opened on' })),
  website: Honeypot,
});
export const FeedbackCreated = Type.Object({ id: Type.Integer() });
export const SubscribeBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
  website: Honeypot,
});
export const Subscribed = Type.Object({ email: Type.String() });
export const UnsubscribeBody = Type.Object({ token: Type.String({ maxLength: 200 }) });
export const Unsubscribed = Type.Object({
  status: Type.Literal('unsubscribed'),
  email: Type.String({ description: 'the address, masked (i***v@mail.ru)' }),
});
/** The confirmation link's code, POSTed by its page when the visitor confirms (double opt-in). */
export const ConfirmSubscriptionBody = Type.Object({ token: Type.String({ maxLength: 200 }) });
export const SubscriptionConfirmed = Type.Object({
  status: Type.Union([Type.Literal('confirmed'), Type.Literal('already-confirmed')]),
  email: Type.String({ description: 'the address, masked (i***v@mail.ru)' }),
});
export type SubscriptionConfirmedT = Static<typeof SubscriptionConfirmed>;
/** The unsubscribe link `/unsubscribe?token=...` of the newsletter's mails (its `lng` is the page's language). */
export const UnsubscribeLinkQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 200, description: 'the code of the link' })),
});
/** What a mail client POSTs to the link for a one-click unsubscription (RFC 8058), as form data. */
export const OneClickUnsubscribeBody = Type.Object({
  'List-Unsubscribe': Type.Literal('One-Click'),
});
export const OneClickUnsubscribed = Type.Object({
  status: Type.Union([Type.Literal('unsubscribed'), Type.Literal('already-unsubscribed')]),
  email: Type.String({ description: 'the address, masked (i***v@mail.ru)' }),
});
export type FeedbackBodyT = Static<typeof FeedbackBody>;
export type SubscribeBodyT = Static<typeof SubscribeBody>;
export type UnsubscribedT = Static<typeof Unsubscribed>;
export const Health = Type.Object({ status: Type.Literal('ok'), database: Type.String() });
/** The process is alive (nothing else is checked). */
export const Liveness = Type.Object({ status: Type.Literal('ok') });
const DependencyCheck = Type.Union(
  [Type.Literal('ok'), Type.Literal('failed'), Type.Literal('not configured')],
  {
    description: 'ok; failed: no answer within the deadline; not configured (Redis without REDIS_URL)',
  },
);
/** Whether the process can serve: what was checked and what failed. */
export const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not ready')]),
  state: Type.Union([Type.Literal('starting'), Type.Literal('serving'), Type.Literal('draining')]),
  database: DependencyCheck,
  redis: DependencyCheck,
  failed: Type.Array(
    Type.Union([
      Type.Literal('database'),
      Type.Literal('redis'),
      Type.Literal('starting'),
      Type.Literal('draining'),
    ]),
    { description: 'why it is not ready (empty when ready)' },
  ),
});
export const NotReady = Type.Object({
  ...ErrorBody.properties,
  code: Type.Literal('not_ready'),
  ...Readiness.properties,
});

/** The sections whose lists offer practical filters (free, open now, step-free entrance). */
export const practicalSections = sections
  .filter((s): s is Extract<(typeof sections)[number], { practical: readonly string[] }> => 'practical' in s)
  .map((s) => s.slug);
export type PracticalSection = (typeof practicalSections)[number];
export const PracticalFilterName = Type.Enum([...practicalFilters]);
export const PracticalOfferQuery = Type.Object({
  district: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2_147_483_647,
      description: 'only the places of this district (a direction’s tabs)',
    }),
  ),
});
/**
 * The practical filters worth offering on each list that has them: those of the section's that
 * some place of it (in the district, when one is asked) can pass. A filter no place can pass
 * would always find nothing.
 */
export const PracticalOffer = Type.Object(
  Object.fromEntries(
    practicalSections.map((slug) => [
      slug,
      Type.Array(PracticalFilterName, {
        description: `the filters of ${slug} some place can pass: free when one is free, step_free when one is known to have a step-free entrance, open_now when one has opening times`,
      }),
    ]),
  ) as Record<PracticalSection, ReturnType<typeof Type.Array<typeof PracticalFilterName>>>,
);
export type PracticalOfferT = Record<PracticalSection, (typeof practicalFilters)[number][]>;

/** What the map shows, in the order of `MapPoints.sections` (`points.section[i]` indexes it). */
export { type MapSection, mapSections };
export const MapTiles = Type.Object({
  url: Type.String({
    description: 'tile URL template ({z}/{x}/{y}); empty: no tiles, only the own geometry',
  }),
  attribution: Type.String({ description: 'HTML attribution the tile provider requires' }),
});
/**
 * The points of the map as columns: point i is `section[i]`, `id[i]`, `lat[i]` ... Only what the
 * map filters, clusters, lists and searches by is here; the card of a selected point takes its
 * picture from the point's detail answer (`/api/<section>/<id>/`), which is a quarter of the bytes
 * less for every visitor of the map.
 */
export const MapPointColumns = Type.Object(
  {
    section: Type.Array(Type.Integer({ minimum: 0 }), { description: 'index in sections' }),
    id: Type.Array(Id),
    lat: Type.Array(Type.Number()),
    lon: Type.Array(Type.Number()),
    name: Type.Array(Type.String()),
    district: Type.Array(Type.Integer(), { description: 'district id' }),
    tourism: Type.Array(Type.Array(Type.Integer()), { description: 'tourism type ids' }),
    type: Type.Array(Nullable(Type.Integer()), { description: 'type id (names in types[section])' }),
    dates: Type.Array(Nullable(Type.String()), {
      description: 'events: start/end dates, YYYY-MM-DD/YYYY-MM-DD; null for the others',
    }),
  },
  { description: 'places, events not yet over and route starts, one column per field' },
);
export const MapRoute = Type.Object({
  id: Id,
  length: Type.Number({ description: 'km' }),
  line: Type.Array(Point, { description: 'the route, simplified to about 30 m' }),
  objects: Type.Array(Id, { description: 'attraction ids along the way, in order' }),
});
export const MapPoints = Type.Object({
  sections: Type.Array(Type.String()),
  tiles: MapTiles,
  types: Type.Record(Type.String(), Type.Record(Type.String(), Type.String()), {
    description: 'type names per section: {section: {id: name}}',
  }),
  points: MapPointColumns,
  routes: Type.Array(MapRoute, { description: 'the lines of the routes among the points' }),
});
export const MapConfig = Type.Object({ tiles: MapTiles });
export type MapPointColumnsT = Static<typeof MapPointColumns>;
export type MapRouteT = Static<typeof MapRoute>;
export type MapPointsT = Static<typeof MapPoints>;
export type MapTilesT = Static<typeof MapTiles>;

// The visitor's trip plan (GET /api/trip/): what the plan's page, its map, its print view and
// its files show of each saved item, from one call.
const TripItemsParam = Type.String({
  maxLength: 2000,
  description: `the items, comma-separated section.id keys (attractions.12,events.3), at most ${MAX_PLAN_ITEMS}`,
  examples: ['attractions.12,events.3,routes.2'],
});
const TripPlanParam = Type.String({
  maxLength: 8000,
  description:
    'a shared plan, as in the /trip?plan= link: `1*<unplanned>*<day 1>*…`, each group its items (section letter and id, an optional `-` and base64url note) joined by `.`',
  examples: ['1**a12.r3*e4'],
});
export const TripQuery = Type.Object({ items: TripItemsParam });
export const TripFileQuery = Type.Object({
  items: Type.Optional(TripItemsParam),
  plan: Type.Optional(TripPlanParam),
  lng: Type.Optional(
    Type.String({ pattern: '^[A-Za-z]{2}([-_][A-Za-z0-9]{1,8})?$', description: 'ru, en or zh' }),
  ),
});
export const TripItem = Type.Object({
  key: Type.String({ description: 'section.id, as asked' }),
  section: Type.Enum([...tripSections]),
  id: Id,
  name: Type.String(),
  img: Img,
  img_photo: ImgPhoto,
  district: Ref,
  address: Nullable(Type.String()),
  lat: Type.Number(),
  lon: Type.Number(),
  phone: Nullable(Type.String()),
  hours: Nullable(
    Type.String({ description: 'opening hours as the editors wrote them; null when not known' }),
  ),
  opening_hours: Nullable(OpeningHours),
  start_date: Nullable(IsoDate),
  end_date: Nullable(IsoDate),
  length: Nullable(Type.Number({ description: 'routes: km' })),
  distance_from_spb: Nullable(
    Type.Integer({
      description:
        'places: km by road from the centre of Saint Petersburg, as the editors give it; null when not known, and for routes and events',
    }),
  ),
  line: Type.Array(Point, { description: 'routes: the line, simplified to about 30 m; [] for the others' }),
});
export const TripAnswer = Type.Object({
  items: Type.Array(TripItem, { description: 'the items found, in the order asked' }),
  missing: Type.Array(Type.String(), {
    description: 'the keys asked for that name no item on the site (removed, or never there)',
  }),
});
export type TripItemT = Static<typeof TripItem>;
export type TripAnswerT = Static<typeof TripAnswer>;

export type RefT = Static<typeof Ref>;
export type LibraryPhotoT = Static<typeof LibraryPhoto>;
export type SeoT = Static<typeof Seo>;
export type PlaceCardT = Static<typeof PlaceCard>;
export type OpeningHoursT = Static<typeof OpeningHours>;
export type OpeningSeasonT = Static<typeof OpeningSeason>;
export type OpenStatusT = Static<typeof OpenStatus>;
export type AdmissionT = Static<typeof Admission>;
export type AccessibilityT = Static<typeof Accessibility>;
export type FactSourcesSchemaT = Static<typeof FactSources>;
export type PlaceDetailT = Static<typeof PlaceDetail>;
export type RouteCardT = Static<typeof RouteCard>;
export type RouteDetailT = Static<typeof RouteDetail>;
export type EventCardT = Static<typeof EventCard>;
export type EventDetailT = Static<typeof EventDetail>;
export type NewsCardT = Static<typeof NewsCard>;
export type NewsDetailT = Static<typeof NewsDetail>;
export type TourismTypeCardT = Static<typeof TourismTypeCard>;
export type TourismTypeDetailT = Static<typeof TourismTypeDetail>;
export type DirectionT = Static<typeof Direction>;
export type FooterContentT = Static<typeof FooterContent>;
export type MainPageT = Static<typeof MainPage>;
export type ContactsT = Static<typeof Contacts>;
export type InfoPageT = Static<typeof InfoPage>;
export type InfoPageCardT = Static<typeof InfoPageCard>;
export type NearbyItemT = Static<typeof NearbyItem>;
export type PageT<S> = {
  count: number;
  capped?: true;
  next: string | null;
  previous: string | null;
  results: S[];
};

// Site search (GET /api/search/): every section at once, grouped, with highlight ranges.
// The sections in the site search, in its order, and the directions (the districts' pages).
export type SearchSection = SiteSearchSection | 'directions';
export const searchSections: readonly SearchSection[] = [
  ...sections.filter((s) => s.siteSearch).map((s) => s.slug as SiteSearchSection),
  'directions',
];
export const SearchQuery = Type.Object({
  q: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'words to find; at least 2 letters (1 Chinese character)',
  }),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 12, default: 4, description: 'items per section' }),
  ),
});
export const HighlightRange = Type.Tuple([Type.Integer({ minimum: 0 }), Type.Integer({ minimum: 0 })], {
  description: '[start, end) in UTF-16 code units (JavaScript string indices)',
});
export const SearchHit = Type.Object({
  id: Id,
  name: Type.String(),
  snippet: Type.String({ description: 'the annotation, or the piece of the description that matched' }),
  img: Img,
  img_photo: ImgPhoto,
  date: Nullable(Type.String({ description: 'news date or event start, YYYY-MM-DD' })),
  highlights: Type.Object({ name: Type.Array(HighlightRange), snippet: Type.Array(HighlightRange) }),
  alsoName: Type.Optional(
    Type.Object(
      {
        lang: Type.Enum([...languages]),
        name: Type.String(),
        highlights: Type.Array(HighlightRange),
      },
      {
        description:
          'present when the query matched the name in another language and not the one in the language asked for: that name, with what matched',
      },
    ),
  ),
  snippetLang: Type.Optional(
    Type.Enum([...languages], {
      description:
        'present when the snippet is in another language than the one asked for: the query matched only that language’s text',
    }),
  ),
});
export const SearchGroup = Type.Object({
  section: Type.Enum([...searchSections]),
  count: Type.Integer({
    minimum: 1,
    description: `matches of the section, at most ${SITE_SEARCH_COUNT_CAP} (its list with search= has as many, or more: it counts up to ${SEARCH_COUNT_CAP})`,
  }),
  capped: Type.Optional(
    Type.Literal(true, {
      description: `present when the section has more than ${SITE_SEARCH_COUNT_CAP} matches: count is then ${SITE_SEARCH_COUNT_CAP}`,
    }),
  ),
  results: Type.Array(SearchHit),
});
export const SearchResult = Type.Object({
  query: Type.String(),
  total: Type.Integer({ minimum: 0, description: "the sum of the groups' counts" }),
  capped: Type.Optional(
    Type.Literal(true, { description: 'present when a group is capped: total is a lower bound' }),
  ),
  groups: Type.Array(SearchGroup, { description: 'sections with at least one match, in a fixed order' }),
});
export type SearchHitT = Static<typeof SearchHit>;
export type SearchGroupT = Static<typeof SearchGroup>;
export type SearchResultT = Static<typeof SearchResult>;
