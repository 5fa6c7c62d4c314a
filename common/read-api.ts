import type {
  ContactsT,
  DirectionT,
  EventCardT,
  EventDetailT,
  FooterContentT,
  InfoPageCardT,
  InfoPageT,
  MainPageT,
  NewsCardT,
  NewsDetailT,
  PageT,
  PlaceCardT,
  PlaceDetailT,
  PracticalOfferT,
  RouteCardT,
  RouteDetailT,
  SearchResultT,
  TourismTypeCardT,
  TourismTypeDetailT,
  TripAnswerT,
} from './api.js';
import type { Lang } from './languages.js';
import type { CardKindOf, DetailSection, SectionSlug } from './sections.js';

/** The API shape of a list item of each kind of card. */
interface CardItem {
  place: PlaceCardT;
  route: RouteCardT;
  event: EventCardT;
  news: NewsCardT;
  'tourism-type': TourismTypeCardT;
}
/** The list item of each section. */
export type SectionItem = { [S in SectionSlug]: CardItem[CardKindOf<S>] };

/** The API shape of one item of each kind, from its detail endpoint. */
interface DetailShape {
  place: PlaceDetailT;
  route: RouteDetailT;
  event: EventDetailT;
  news: NewsDetailT;
  'tourism-type': TourismTypeDetailT;
}
/** One item of each section with detail pages. */
export type DetailItem = { [S in DetailSection]: DetailShape[CardKindOf<S>] };

/** A list's query parameters as the API's query string spells them (`x__in=1,2`, repeated keys). */
export type ListParams = Record<string, string | number | readonly (string | number)[] | undefined>;

/** An entry of a directory (a filter's choices). */
export interface DirectoryEntry {
  id: number;
  name: string;
  label: string;
}

/**
 * What the page loaders read: the documented API's GET endpoints as typed functions, one interface
 * with two implementations. In the browser each is a GET of its endpoint (web/api/reads.ts); on the
 * server the function the endpoint's route itself calls, with the route's own validation, in-process
 * (server/lib/page-reads.ts): no HTTP, no JSON. A failure is the endpoint's error status and body
 * (the browser's ApiError; the server's `ReadFailure`, which web/api/read-client.ts makes one).
 */
export interface ReadApi {
  /** GET /api/{section}/: a page of a section's list (popular places: /api/attractions/popular/). */
  list<S extends SectionSlug>(lang: Lang, section: S, params: ListParams): Promise<PageT<SectionItem[S]>>;
  /** GET /api/{section}/{id}/ */
  detail<S extends DetailSection>(lang: Lang, section: S, id: number): Promise<DetailItem[S]>;
  /** GET /api/search/: every section at once. */
  search(lang: Lang, params: { q: string; limit: number }): Promise<SearchResultT>;
  /** GET /api/pages/main-page/1/ */
  mainPage(lang: Lang): Promise<MainPageT>;
  /** GET /api/contacts/ */
  contacts(lang: Lang): Promise<ContactsT>;
  /** GET /api/footer-content/ */
  footerContent(lang: Lang): Promise<FooterContentT>;
  /** GET /api/directions/nav-list/ */
  navList(lang: Lang): Promise<{ id: number; name: string }[]>;
  /** GET /api/directions/ */
  directions(lang: Lang): Promise<DirectionT[]>;
  /** GET /api/directions/{id}/ */
  direction(lang: Lang, id: number): Promise<DirectionT>;
  /** GET /api/tourism-type/ (every type, no page) */
  tourismTypes(lang: Lang): Promise<TourismTypeCardT[]>;
  /** GET /api/directory/{kind}/ */
  directory(lang: Lang, kind: string): Promise<DirectoryEntry[]>;
  /** GET /api/pages/ */
  infoPages(lang: Lang): Promise<InfoPageCardT[]>;
  /** GET /api/pages/{slug}/ */
  infoPage(lang: Lang, slug: string): Promise<InfoPageT>;
  /** GET /api/auth/subscribe/toggle/ */
  subscribeToggle(lang: Lang): Promise<{ status: boolean }>;
  /** GET /api/practical-filters/ (in a district) */
  practicalOffer(lang: Lang, params: { district?: number }): Promise<PracticalOfferT>;
  /** GET /api/trip/: what a saved plan shows of its items */
  trip(lang: Lang, params: { items: string }): Promise<TripAnswerT>;
}

/** Query parameters: an array becomes repeated keys (`a=1&a=2`), undefined and null are left out. */
export type QueryParams = Record<
  string,
  string | number | boolean | readonly (string | number)[] | null | undefined
>;

/** `url` with `params` appended; commas stay readable, as in the API's `x__in=1,2`. */
export function withParams(url: string, params?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const query = search.toString().replace(/%2C/gi, ',');
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** An error body of the API. */
export interface ErrorBodyT {
  statusCode: number;
  error: string;
  message: string;
}

/** How an in-process read fails: the endpoint's status and body, as the HTTP answer would be. */
export class ReadFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBodyT,
    /** The endpoint's address with its query, for messages. */
    readonly path: string,
  ) {
    super(`GET ${path} failed with status ${status}`);
    this.name = 'ReadFailure';
  }
}

/** Whether an error is a ReadFailure (by its shape: the server and the web build each have the class). */
export function isReadFailure(error: unknown): error is ReadFailure {
  return error instanceof Error && error.name === 'ReadFailure' && 'status' in error && 'body' in error;
}

export type ReadAnswer = { ok: true; data: unknown } | { ok: false; status: number; body: ErrorBodyT };

/**
 * The staff's preview of an item of an editable section in any state (draft, scheduled, archived,
 * published), in the public detail's shape. The server hands it to the page loaders only for a
 * signed-in member of staff; anyone else's page has none.
 */
export type PreviewRead = (section: string, id: number, lang: Lang) => Promise<ReadAnswer>;
