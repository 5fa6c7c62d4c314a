import type { Lang } from './languages.js';

/**
 * How the server hands its page loaders the API's data in-process: a GET path of the documented API
 * (`/api/attractions/5/`, `/api/news/?limit=9`) and a language go straight to the function the
 * route itself calls, with the route's own validation; the answer is the object the route would
 * serialize, or its error status and body. No HTTP, no JSON: the web app's ApiClient on the server
 * is built on this (web/api/read-client.ts), the browser's on fetch.
 */
export type ReadApi = (path: string, lang: Lang) => Promise<ReadAnswer>;

export type ReadAnswer =
  | { ok: true; data: unknown }
  | { ok: false; status: number; body: { statusCode: number; error: string; message: string } };

/**
 * The staff's preview of an item of an editable section in any state (draft, scheduled, archived,
 * published), in the public detail's shape. The server hands it to the page loaders only for a
 * signed-in member of staff; anyone else's page has none.
 */
export type PreviewRead = (section: string, id: number, lang: Lang) => Promise<ReadAnswer>;
