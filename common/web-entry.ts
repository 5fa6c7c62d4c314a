import type { Lang } from './languages.js';
import type { PreviewRead, ReadApi } from './read-api.js';

/**
 * What the server (server/web.ts) gives the web app's entry (web/entry.server.tsx) to make a page
 * request's load context: React Router hands that context to the loaders and to the entry's
 * `handleRequest`, which is how the two sides talk (no other channel between them).
 */
export interface PageRequest {
  url: URL;
  cookie: string | null;
  /** The browser's Accept-Language: the page's language when the visitor chose none. */
  acceptLanguage: string | null;
  /** The API's read functions, in-process. */
  read: ReadApi;
  /** All namespaces of a language's strings. */
  translations: (lang: Lang) => Promise<Record<string, Record<string, unknown>>>;
  /** The version of each namespace of strings (the browser asks for them by it). */
  stringVersions: Record<string, string>;
  publicUrl: string;
  badgeScriptUrl: string;
  /** Only for a signed-in member of staff's preview page (server/web.ts checks). */
  preview?: PreviewRead;
  /** Where the entry leaves the page it rendered. */
  page: RenderedPage;
}

/**
 * A rendered page's HTML as one text, in the load context beside its Response (which then has no
 * body): the server sends the text as it is, where a body in the Response would be encoded into a
 * web stream by the entry and read and decoded back by the server (0.3–0.6 ms of a detail page).
 * Set only for a page the entry rendered; any other answer (a redirect, a data request) has its body.
 */
export interface RenderedPage {
  html?: string;
}
