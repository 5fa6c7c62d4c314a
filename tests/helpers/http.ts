import type { FastifyInstance } from 'fastify';

export interface Got<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: T;
  text: string;
}

/** GET through app.inject, parsing JSON bodies. */
export async function get<T = any>(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
): Promise<Got<T>> {
  const res = await app.inject({ method: 'GET', url, headers });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return {
    status: res.statusCode,
    headers: res.headers,
    text: res.body,
    body: (isJson && res.body ? JSON.parse(res.body) : undefined) as T,
  };
}

/**
 * The XSRF cookie and header pair a visitor's form sends: every write repeats the XSRF-TOKEN cookie
 * in the X-XSRF-TOKEN header (double submit, server/lib/xsrf.ts), else 403.
 */
export async function xsrfPair(app: FastifyInstance): Promise<Record<string, string>> {
  const r = await app.inject({ url: '/api/auth/subscribe/toggle/' });
  const cookie = String(r.headers['set-cookie']).split(';')[0] as string;
  return { cookie, 'x-xsrf-token': cookie.slice('XSRF-TOKEN='.length) };
}
