import { HttpError } from 'react-admin';
import type { Static } from 'typebox';
import type { AdminError } from '../../../common/admin-api';

/** An error answer of /api/admin/ (AdminError), with what a 409 of a save adds. */
export type AdminErrorBody = Static<typeof AdminError> & {
  /** 409 of a save: the item as stored now. */
  current?: Record<string, unknown>;
  /** 409 of a save: the fields another save changed since the version the form was given. */
  changed?: string[];
  /** For react-admin's forms: the message under the field it is about (set by the data provider, worded). */
  errors?: Record<string, string>;
};

/**
 * A failed request to /api/admin/: react-admin's HttpError (its screens read `status` and `body`),
 * with the seconds a 429 asks to wait. `status` 0: the server could not be reached.
 */
export class ApiError extends HttpError {
  declare body: AdminErrorBody;
  constructor(
    message: string,
    status: number,
    body: AdminErrorBody,
    readonly retryAfter: number | null = null,
  ) {
    super(message, status, body);
    // react-admin's HttpError sets its own prototype, which would make `instanceof ApiError` false.
    Object.setPrototypeOf(this, ApiError.prototype);
  }
}

export const xsrfCookie = 'XSRF-TOKEN';

/** The XSRF cookie's value, which every write repeats in X-XSRF-TOKEN (the double submit). */
export function xsrfToken(): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === xsrfCookie) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** Seconds to wait from a 429: its Retry-After header, else the number in its message. */
function retryAfterOf(res: Response, body: AdminErrorBody | undefined): number | null {
  const header = Number(res.headers.get('retry-after'));
  if (Number.isFinite(header) && header > 0) return Math.ceil(header);
  const inMessage = /(\d+)\s*s\b/.exec(body?.message ?? '');
  return inMessage ? Number(inMessage[1]) : null;
}

/**
 * A request to the back office's API (`path` below /api/admin). A write first makes sure there is an
 * XSRF cookie (any /api/admin/ answer sets one) and sends it back in the header. An error answer
 * throws an ApiError whose body carries the server's code, message and, when it names one, the field
 * (errorText words it).
 */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
) {
  const write = method !== 'GET';
  if (write && !xsrfToken())
    await fetch('/api/admin/auth/me', { credentials: 'same-origin' }).catch(() => {});
  // A file (a Blob) goes as it is, with its own type; anything else as JSON.
  const file = body instanceof Blob ? body : undefined;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined)
    headers['content-type'] = file ? file.type || 'application/octet-stream' : 'application/json';
  if (write) headers['x-xsrf-token'] = xsrfToken() ?? '';
  let res: Response;
  try {
    res = await fetch(`/api/admin${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: file ?? JSON.stringify(body) } : {}),
    });
  } catch {
    throw new ApiError('admin.errors.network', 0, { statusCode: 0, error: 'Network', message: '' });
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const error = (json as AdminErrorBody | undefined) ?? {
      statusCode: res.status,
      error: res.statusText,
      message: text.slice(0, 200),
    };
    throw new ApiError(error.message || res.statusText, res.status, error, retryAfterOf(res, error));
  }
  return json as T;
}
