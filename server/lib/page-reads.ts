import type {
  ContactsT,
  DirectionT,
  FooterContentT,
  InfoPageCardT,
  InfoPageT,
  MainPageT,
  PageT,
  PracticalOfferT,
  SearchResultT,
  TripAnswerT,
} from '../../common/api.js';
import {
  type DetailItem,
  type DirectoryEntry,
  type ReadApi,
  ReadFailure,
  type SectionItem,
} from '../../common/read-api.js';
import type { DetailSection, SectionSlug } from '../../common/sections.js';
import type { Read } from './readers.js';

/**
 * The API's read routes as functions (`readRoute`'s), filled in by the modules as they register
 * their routes, each typed by what its endpoint answers: assigning a route whose 200 schema does
 * not give what the page loaders expect is a type error.
 */
export interface RouteReads {
  /** Each section's list: an array without `limit`, a page with it. */
  list: { [S in SectionSlug]?: Read<SectionItem[S][] | PageT<SectionItem[S]>> };
  detail: { [S in DetailSection]?: Read<DetailItem[S]> };
  /** Each directory's entries, by its kind. */
  directory: Record<string, Read<DirectoryEntry[]>>;
  search?: Read<SearchResultT>;
  /** `id`: the main page's (1). */
  mainPage?: Read<MainPageT>;
  contacts?: Read<ContactsT>;
  footerContent?: Read<FooterContentT>;
  navList?: Read<{ id: number; name: string }[]>;
  directions?: Read<DirectionT[]>;
  direction?: Read<DirectionT>;
  infoPages?: Read<InfoPageCardT[]>;
  infoPage?: Read<InfoPageT>;
  subscribeToggle?: Read<{ status: boolean }>;
  practicalOffer?: Read<PracticalOfferT>;
  trip?: Read<TripAnswerT>;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeReads: RouteReads;
  }
}

export const emptyRouteReads = (): RouteReads => ({ list: {}, detail: {}, directory: {} });

/** A route's read, or a plain error when no module registered it (a mistake of the server's). */
function route<R>(read: R, what: string): NonNullable<R> {
  if (!read) throw new Error(`no read route registered for ${what}`);
  return read;
}

function noSuchResource(path: string): ReadFailure {
  const body = { statusCode: 404, error: 'Not Found', message: `No such resource: ${path}` };
  return new ReadFailure(404, body, path);
}

/** A list's answer when the loader asked for a page (every loader gives `limit`). */
function page<T>(answer: T[] | PageT<T>, what: string): PageT<T> {
  if (Array.isArray(answer)) throw new Error(`${what}: a list read without limit`);
  return answer;
}

/** An endpoint that answers an array when asked without `limit`. */
function all<T>(answer: T[] | PageT<T>): T[] {
  return Array.isArray(answer) ? answer : answer.results;
}

/**
 * The server's implementation of the page loaders' reads (common/read-api.ts): each method calls
 * its endpoint's route function in-process, with the route's validation. Looked up at each call,
 * so it can be made before the modules have registered their routes.
 */
export function createPageReads(reads: RouteReads): ReadApi {
  return {
    list: async (lang, section, params) =>
      page(await route(reads.list[section], `list ${section}`)(lang, { query: params }), section),
    detail: (lang, section, id) =>
      route(reads.detail[section], `detail ${section}`)(lang, { params: { id } }),
    search: (lang, params) => route(reads.search, 'search')(lang, { query: params }),
    mainPage: (lang) => route(reads.mainPage, 'main page')(lang, { params: { id: 1 } }),
    contacts: (lang) => route(reads.contacts, 'contacts')(lang),
    footerContent: (lang) => route(reads.footerContent, 'footer')(lang),
    navList: (lang) => route(reads.navList, 'directions nav-list')(lang),
    directions: (lang) => route(reads.directions, 'directions')(lang),
    direction: (lang, id) => route(reads.direction, 'direction')(lang, { params: { id } }),
    tourismTypes: async (lang) => all(await route(reads.list['tourism-type'], 'tourism types')(lang)),
    directory: (lang, kind) => {
      const read = reads.directory[kind];
      // A kind no route serves: the 404 of an address no route serves (server/lib/not-found.ts).
      if (!read) return Promise.reject(noSuchResource(`/api/directory/${kind}/`));
      return read(lang);
    },
    infoPages: (lang) => route(reads.infoPages, 'pages')(lang),
    infoPage: (lang, slug) => route(reads.infoPage, 'page')(lang, { params: { slug } }),
    subscribeToggle: (lang) => route(reads.subscribeToggle, 'subscribe toggle')(lang),
    practicalOffer: (lang, params) =>
      route(reads.practicalOffer, 'practical filters')(lang, { query: params }),
    trip: (lang, params) => route(reads.trip, 'trip')(lang, { query: params }),
  };
}
