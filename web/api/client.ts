import type { Lang } from '../../common/languages';
import { type QueryParams, type ReadApi, withParams } from '../../common/read-api';
import { browserReads } from './reads';

export { type QueryParams, withParams };

/** What the client sends requests through: the browser's fetch, or the server's in-process call. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** An answer outside 2xx: its status, its headers and its body (parsed when it is JSON). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Headers,
    method: string,
    url: string,
  ) {
    super(`${method} ${url} failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** The HTTP status of a failed call; undefined when no answer came (offline, refused, aborted). */
export function apiErrorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** Seconds to wait before trying again, from a failed call's Retry-After (429, 503); undefined if none. */
export function apiRetryAfter(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const seconds = Number(error.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** The message of an API error body (`{statusCode, error, message}`), or '' when there is none. */
export function apiErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return '';
  const body = error.body as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : '';
}

/** The XSRF-TOKEN cookie the server set, echoed in X-XSRF-TOKEN on writes (double submit). */
function xsrfToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const pair = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
  return pair ? decodeURIComponent(pair.slice('XSRF-TOKEN='.length)) : undefined;
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface ApiClient {
  /** The API's reads of the pages, typed (common/read-api.ts). */
  read: ReadApi;
  /** A GET in the given language (every GET sends Accept-language): what is not among `read`. */
  get<T>(url: string, lang: Lang, params?: QueryParams): Promise<T>;
  /** A JSON POST, with the XSRF header; `lang` is the language of any mail it sends. */
  post<T>(url: string, body: unknown, lang?: Lang): Promise<T>;
}

/**
 * The one HTTP client of the web app: JSON, the XSRF-TOKEN cookie and X-XSRF-TOKEN header pair on
 * writes, no timeout. In the browser it calls the documented /api endpoints; on the server the same
 * calls go to the API in-process through `send`. A failure is thrown (and in the browser logged):
 * an ApiError when the server answered, fetch's own error when it did not.
 */
export function createApiClient(send: Fetch = (url, init) => fetch(url, init)): ApiClient {
  async function request<T>(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<T> {
    headers.Accept = 'application/json';
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await send(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch (error) {
      console.error(`${method} ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
    const data = await bodyOf(response);
    if (response.ok) return data as T;
    const error = new ApiError(response.status, data, response.headers, method, url);
    // On the server the call went to the API in the same process, which has logged the failure
    // (a fault with its details, a database outage once a minute): a line per call would flood.
    if (typeof window !== 'undefined') console.error(error.message);
    throw error;
  }
  const get = <T>(url: string, lang: Lang, params?: QueryParams) =>
    request<T>('GET', withParams(url, params), { 'Accept-language': lang });
  return {
    read: browserReads(get),
    get,
    post<T>(url: string, body: unknown, lang?: Lang) {
      const headers: Record<string, string> = {};
      if (lang) headers['Accept-language'] = lang;
      const token = xsrfToken();
      if (token) headers['X-XSRF-TOKEN'] = token;
      return request<T>('POST', url, headers, body);
    },
  };
}
