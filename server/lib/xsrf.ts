import crypto from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';
import { isServerPath, pageRoute } from './request-url.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route takes writes without the XSRF pair. Only for a write whose URL carries its
     * own secret and whose callers send no cookies (the one-click unsubscribe link of RFC 8058).
     */
    xsrf?: boolean;
  }
}

export const xsrfCookie = 'XSRF-TOKEN';
export const xsrfHeader = 'x-xsrf-token';
const tokenFormat = /^[A-Za-z0-9_-]{32,128}$/;
const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The cookie comes with pages and the /api/auth/ and /api/admin/ answers only, never with anything else (the
 * content API, pictures, assets, the favicon, the manifest, robots.txt, the sitemaps): those are
 * cached publicly (CDN), and a cached Set-Cookie would hand one visitor's token to everyone.
 */
export function issuesCookie(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  return (
    route.startsWith('/api/auth/') ||
    route.startsWith('/api/admin/') ||
    (route === pageRoute && !isServerPath(request.url))
  );
}

export function newXsrfToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

function cookieToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[xsrfCookie];
  return value && tokenFormat.test(value) ? value : undefined;
}

function xsrfCookieOptions(secure: boolean) {
  return { path: '/', sameSite: 'lax', httpOnly: false, secure } as const;
}

/**
 * The Set-Cookie header a page answer needs for this visitor (a new token when they have no valid
 * one), for answers sent without Fastify's reply pipeline (the response cache); undefined if none.
 */
export function xsrfSetCookie(app: FastifyInstance, request: FastifyRequest): string | undefined {
  if (!issuesCookie(request)) return undefined;
  return newXsrfCookie(app, request.headers.cookie, request.protocol === 'https');
}

/** A Set-Cookie with a new token for a visitor whose Cookie header has no valid one; else undefined. */
export function newXsrfCookie(
  app: FastifyInstance,
  cookieHeader: string | undefined,
  secure: boolean,
): string | undefined {
  const value = app.parseCookie(cookieHeader ?? '')[xsrfCookie];
  if (value && tokenFormat.test(value)) return undefined;
  return app.serializeCookie(xsrfCookie, newXsrfToken(), xsrfCookieOptions(secure));
}

/**
 * XSRF double-submit cookie, the pair the web client (web/api/client.ts) sends: a page (or /api/auth/) response
 * to a visitor who has no (valid) `XSRF-TOKEN` cookie sets one (random, SameSite=Lax, readable by scripts so the client
 * can echo it), and every write to an existing route must send the same value in `X-XSRF-TOKEN`,
 * else 403 (unless the route says `config: { xsrf: false }`). A page on another site can neither read the cookie nor set the header.
 */
export async function registerXsrf(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.addHook('onRequest', async (request, reply) => {
    const token = cookieToken(request);
    if (!token && issuesCookie(request)) {
      void reply.setCookie(xsrfCookie, newXsrfToken(), xsrfCookieOptions(request.protocol === 'https'));
    }
    // Unknown routes answer 404 whatever the method.
    if (!unsafeMethods.has(request.method) || request.routeOptions.url === undefined) return;
    if (request.routeOptions.config.xsrf === false) return;
    const header = request.headers[xsrfHeader];
    if (!token || typeof header !== 'string' || !sameToken(header, token)) {
      throw new HttpError(
        403,
        token
          ? 'the X-XSRF-TOKEN header must repeat the XSRF-TOKEN cookie'
          : 'missing XSRF-TOKEN cookie: load a page of the site first, then send its value in X-XSRF-TOKEN',
      );
    }
  });
}
