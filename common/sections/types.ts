// The types of a section's description (common/sections/<slug>.ts) and of its fields. Plain types
// and data only: the public pages load the registry, so nothing here may pull in TypeBox or React.

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
  /**
   * The module's own translated texts shown to visitors as themselves, by field name (each a text
   * of its `edit.fields`): a property of the API's detail answer, and a fact of the page after
   * `facts`, labelled `detail:facts.{name}`. Named here, not on the field's line, because the
   * public pages load the descriptions without the back-office parts (decision 049).
   */
  texts?: readonly string[];
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

/**
 * A field of an editable kind: its name is its column (and its API property, and its label's key
 * `fields.{name}` in the back office's strings and `detail:facts.{name}` on a detail page); its kind
 * gives its editor, its validation and its JSON type.
 */
export type EditorialField = (
  | /**
   * A text in three languages: one line, or paragraphs. `max`: the most characters a language's
   * text may have (20,000 without); `advised`: the length the back office counts against and
   * warns past (advice for texts that search engines cut, not a limit).
   */
  { name: string; kind: 'text' | 'long'; required?: true; max?: number; advised?: number }
  /**
   * A rich text in three languages: headings, lists, links, bold, italic, quotes and pictures of the
   * media library, stored as a document per language (common/rich-text.ts, decision 052).
   */
  | { name: string; kind: 'rich'; required?: true }
  | { name: string; kind: 'integer' | 'number'; required?: true; min: number; max: number }
  | { name: string; kind: 'boolean' }
  | { name: string; kind: 'date'; required?: true }
  /** `required`: the column cannot be empty; `blank`: an empty value is stored as an empty text. */
  | { name: string; kind: 'url' | 'phone'; required?: true; blank?: true }
  /** A key of an address or a directory (lower-case words and hyphens), unique in its kind; `choices`: the only keys allowed. */
  | { name: string; kind: 'key'; choices?: readonly string[] }
  /** An icon of the types of tourism. */
  | { name: string; kind: 'icon' }
  /** An e-mail address, or a link inside the portal (`/routes/list`). */
  | { name: string; kind: 'email' | 'link' }
  /** One picture of the media library (a partner's logo, an item's share picture); `required`: never empty. */
  | { name: string; kind: 'picture'; required?: true }
  /**
   * An id of a directory (`many`: a list of ids). `source` is a ReferenceSource (common/editorial.ts):
   * `district`, `city`, `tourism-type` or a directory some section owns (its `directories`).
   */
  | { name: string; kind: 'reference'; source: string; required?: true; many?: true }
  /** `lat` and `lon`, picked on a map. */
  | { name: 'point'; kind: 'point' }
  /** A route's line, `[[lat, lon], ...]` in the order of travel: drawn on a map or read from a GPX file. */
  | { name: 'path'; kind: 'line' }
  /** The item's pictures in order: ids of the media library (`<category>.<name>`). */
  | { name: 'images'; kind: 'pictures' }
  /** A place's practical facts (common/api.ts): its weekly schedule, its price, its accessibility facts. */
  | { name: 'opening_hours'; kind: 'hours' }
  | { name: 'admission'; kind: 'admission' }
  | { name: 'accessibility'; kind: 'accessibility' }
  /** Where each of a place's facts came from and when it was checked (common/fact-sources.ts). */
  | { name: 'fact_sources'; kind: 'sources' }
) &
  FieldUse;

/**
 * Where a field of a section of places shows besides the back office (which shows every field):
 * - `content`: its property in the demo content's files when not the column's name (a reference
 *   drops `_id`, a list of references `_ids` for `s`: `type_id` is `type`, `kitchen_type_ids` is
 *   `kitchen_types`);
 * - `search`: a translated text found by the site and list searches, with this weight ('A' the
 *   names, 'B' the annotations, 'C' the descriptions); it needs the search columns' migration.
 * A translated text shown to visitors as itself is named by its section's detail page
 * (`detail.texts`), which the public pages load without the fields.
 */
export interface FieldUse {
  content?: string;
  search?: 'A' | 'B' | 'C' | 'D';
}

/** The back office's words for a kind of content in one language. */
export interface KindWords {
  /** One item ("Заведение"). */
  one: string;
  /** The kind, in its menu and lists ("Где поесть"). */
  many: string;
  /** What its empty list says. */
  empty: string;
}

/** How the back office edits a section: its fields in the form's order, its words and icon. */
export interface SectionEditing {
  /** Where its items are kept, and the column that picks them in a shared table. */
  table: string;
  scope?: 'section' | 'kind';
  fields: readonly EditorialField[];
  /**
   * Its icon in the back office's menu: the `d` of an SVG path on a 24×24 grid, drawn in the
   * menu's colour (a Material Design icon's path, say), as a map layer's glyph is.
   */
  icon: string;
  words: { ru: KindWords; en: KindWords };
  /** Items are always public, simply saved (no drafts); `delete`: items may be deleted. */
  saved?: true;
  delete?: true;
}

/**
 * What the scale generator (scripts/scale) gives the generated items of a section: the types of
 * tourism they are tagged with, and which of rating, price and opening hours they state.
 */
export interface ScaleProfile {
  tourism: readonly string[];
  rating?: true;
  price?: true;
  hours?: true;
}

/**
 * A module's back-office parts: how the back office edits the section, the directories it owns,
 * its demo content's files and what the scale generator makes of it. A module exports them as
 * `backOffice`, apart from its description (its default export), so that the public pages, which
 * load the descriptions, leave them out of their bundle; the server, the back office, the content
 * loader, the seed and the scale generator read whole modules (common/section-modules.ts).
 */
export interface SectionBackOffice {
  edit?: SectionEditing;
  /**
   * The key-and-name directories it owns, each at `/api/directory/{kind}/` and in the back office,
   * with the back office's words for it.
   */
  directories?: Readonly<Record<string, { ru: KindWords; en: KindWords }>>;
  /**
   * Its demo content (places): the series of files `content/data/{file}.json` (or `{file}-N.json`)
   * and the property of `Content` (content/load.ts) that holds its items.
   */
  content?: { file: string; key: string };
  scale?: ScaleProfile;
}

/** A whole section's module: its description for visitors (Section) and its back-office parts. */
export interface SectionModule extends Section, SectionBackOffice {}

/** The kinds of a translated text (`{ ru, en, zh }`): what completeness and the languages' columns count. */
export const isTranslatedKind = (kind: EditorialField['kind']): kind is 'text' | 'long' | 'rich' =>
  kind === 'text' || kind === 'long' || kind === 'rich';
