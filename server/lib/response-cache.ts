import crypto from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { chosenLang } from '../../common/languages.js';
import { hstsOf } from './request-url.js';
import { xsrfSetCookie } from './xsrf.js';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Keep this 200 answer in the response cache for up to `seconds` (capped by RESPONSE_CACHE_SECONDS),
     * whatever its Cache-Control says to browsers: for pages, which browsers must revalidate
     * (`no-cache`) but which are the same for every visitor of one language.
     */
    cacheFor(seconds: number): void;
  }
}

/** One cached answer: everything but the per-visitor headers, and the body in each encoding asked for so far. */
interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  /** A page: it hands a visitor without one the XSRF cookie. */
  page: boolean;
  /** Until then (ms since the epoch) fresh; after it, served only while one request refreshes it. */
  freshUntil: number;
}

interface Pending {
  key: string;
  payload?: string | Buffer;
  seconds?: number;
  /** Ends the wait of the requests for the same key (the entry is stored, or there is none). */
  done: () => void;
}

const kPending = Symbol('responseCachePending');
type WithPending = FastifyRequest & { [kPending]?: Pending };

/** Headers that belong to one response, never to the cached answer. */
const perResponse = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'set-cookie',
  'etag',
  'strict-transport-security',
  'vary',
]);

/** Bodies smaller than this go out uncompressed (as @fastify/compress does). */
const compressFrom = 1024;

/**
 * How long past its time an answer may still go to visitors while one request renders it anew
 * (the API tells shared caches the same: stale-while-revalidate=600).
 */
const staleSeconds = 600;

/** How long a request waits for another one rendering the same answer before rendering it itself. */
const waitMs = 5000;

/** `max-age` of a Cache-Control that lets a shared cache keep the answer, else 0. */
export function sharedMaxAge(cacheControl: string): number {
  const value = cacheControl.toLowerCase();
  if (!/\bpublic\b/.test(value) || /\b(private|no-store|no-cache)\b/.test(value)) return 0;
  const age = /\b(?:s-maxage|max-age)=(\d+)/.exec(value)?.[1];
  return age ? Number(age) : 0;
}

/** The encoding to answer with: br, then gzip, then none (a `q=0` refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  let picked = encodingOf.get(acceptEncoding);
  if (picked === undefined) {
    picked = parseEncoding(acceptEncoding) ?? 'none';
    encodingOf.set(acceptEncoding, picked);
  }
  return picked === 'none' ? null : picked;
}

/** The encodings picked for the Accept-Encoding values seen (browsers send a handful). */
const encodingOf = new LRUCache<string, 'br' | 'gzip' | 'none'>({ max: 256 });

function parseEncoding(acceptEncoding: string): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** The `'sha256-…'` sources of every inline script of a page, for a Content-Security-Policy. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '') || !match[2]) continue;
    hashes.add(`'sha256-${crypto.createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The CSP of a cached answer: a page's inline scripts are allowed by their hashes instead of the
 * first visitor's nonce (a nonce must never be handed to two visitors); other answers run no
 * inline script, so they allow none.
 */
function cachedCsp(csp: string, html: string | null): string {
  const sources = html ? inlineScriptHashes(html).join(' ') : '';
  return csp.replace(/ 'nonce-[^']*'/, sources ? ` ${sources}` : '');
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export interface ResponseCacheOptions {
  /** The longest any answer is kept; 0 turns the cache off. */
  seconds: number;
  /** Memory for the bodies (all encodings), in megabytes. */
  megabytes: number;
}

/**
 * A short-lived in-process cache of the answers that are the same for every visitor: GETs whose
 * Cache-Control lets a shared cache keep them (the content API, locales) and server-rendered pages
 * (`reply.cacheFor`). Keyed by URL and language; bodies compressed once per encoding. A hit is
 * written before any other hook runs, with the security headers of the first answer and a fresh
 * XSRF cookie for a new visitor; an edit to the content shows within `seconds` in every process.
 * Register it before every other onRequest hook.
 */
export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions): void {
  app.decorateReply('cacheFor', function (this: FastifyReply, seconds: number) {
    const pending = (this.request as WithPending)[kPending];
    if (pending) pending.seconds = seconds;
  });
  if (options.seconds <= 0) return;

  const maxBytes = options.megabytes * 1024 * 1024;
  const cache = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
    // the compressed copies come later: count them ahead, they are smaller than the body
    sizeCalculation: (entry) => Math.ceil(entry.body.length * 1.5) + 512,
  });

  /** The requests rendering an answer now, by key: the others wait for them instead of rendering it too. */
  const rendering = new Map<string, Promise<void>>();

  const keyOf = (request: FastifyRequest): string => {
    const { url, headers } = request;
    // An API answer's language is Accept-Language's (request.lang); a page's is the visitor's choice
    // (`lng` or the cookie: no need to parse a URL that has neither), else Accept-Language's too.
    const chosen =
      headers.cookie || url.includes('lng=')
        ? chosenLang(new URL(url, 'http://portal'), headers.cookie ?? null)
        : null;
    return `${request.lang}|${chosen ?? request.lang}|${url}`;
  };

  const startRendering = (request: FastifyRequest, key: string) => {
    let done = () => {};
    const wait = new Promise<void>((resolve) => {
      done = () => {
        if (rendering.get(key) === wait) rendering.delete(key);
        resolve();
      };
    });
    rendering.set(key, wait);
    (request as WithPending)[kPending] = { key, done };
  };

  const send = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    const headers: OutgoingHttpHeaders = { ...entry.headers, etag: entry.etag };
    const hsts = hstsOf(app, request);
    if (hsts) headers['strict-transport-security'] = hsts;
    if (entry.page) {
      const cookie = xsrfSetCookie(app, request);
      if (cookie) headers['set-cookie'] = cookie;
    }
    reply.hijack();
    const res = reply.raw;
    if (etagMatches(request.headers['if-none-match'], entry.etag)) {
      delete headers['content-type'];
      res.writeHead(304, headers);
      res.end();
      return;
    }
    let body = entry.body;
    const encoding = body.length >= compressFrom ? pickEncoding(request.headers['accept-encoding']) : null;
    if (encoding === 'br') {
      entry.br ??= zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      body = entry.br;
    } else if (encoding === 'gzip') {
      entry.gzip ??= zlib.gzipSync(body);
      body = entry.gzip;
    }
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = body.length;
    res.writeHead(entry.status, headers);
    res.end(request.method === 'HEAD' ? undefined : body);
  };

  // A callback hook, not an async one: a hit (most requests under load) costs no promise. A hit is
  // written at once and the chain ends there (`done` is not called after a hijack).
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.headers.authorization)
      return done();
    const key = keyOf(request);
    const entry = cache.get(key);
    if (entry && entry.freshUntil > Date.now()) return send(request, reply, entry);
    // Past its time (or none): one request renders it anew; meanwhile the others get the stale
    // answer, or, when there is none, wait for that one (a burst of visitors renders a page once).
    const other = rendering.get(key);
    if (!other) {
      if (request.method === 'GET') startRendering(request, key);
      return done();
    }
    if (entry) return send(request, reply, entry);
    void Promise.race([other, new Promise((resolve) => setTimeout(resolve, waitMs).unref())]).then(() => {
      const rendered = cache.get(key);
      if (rendered) return send(request, reply, rendered);
      if (request.method === 'GET') startRendering(request, key);
      done();
    });
  });

  // Registered before compression and the CSP nonce: the payload is the plain answer.
  // (An answer its route compressed itself, like the map points, is left to the route's own cache.)
  app.addHook('onSend', async (request, reply, payload) => {
    const pending = (request as WithPending)[kPending];
    const plain = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (pending && plain && !reply.hasHeader('content-encoding')) pending.payload = payload;
    return payload;
  });

  // A callback hook: it runs after every answer, hits included (an async one costs a promise each).
  app.addHook('onResponse', (request, reply, done) => {
    const pending = (request as WithPending)[kPending];
    if (!pending) return done();
    try {
      store(reply, pending);
    } catch (err) {
      request.log.error({ err }, 'response cache: the answer was not kept');
    } finally {
      pending.done();
    }
    done();
  });
  // a visitor who leaves before the answer must not hold the others up
  app.addHook('onRequestAbort', async (request) => {
    (request as WithPending)[kPending]?.done();
  });

  function store(reply: FastifyReply, pending: Pending): void {
    // an answer that is no longer there (or failed) is not given out stale any more
    if (reply.statusCode !== 200) cache.delete(pending.key);
    if (!pending.payload || reply.statusCode !== 200) return;
    const page = pending.seconds !== undefined;
    const allowed = page
      ? (pending.seconds as number)
      : reply.hasHeader('set-cookie')
        ? 0
        : sharedMaxAge(String(reply.getHeader('cache-control') ?? ''));
    const seconds = Math.min(allowed, options.seconds);
    if (seconds <= 0) return;
    const body = Buffer.isBuffer(pending.payload) ? pending.payload : Buffer.from(pending.payload);
    const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !perResponse.has(name)) headers[name] = value;
    }
    // what the answer varies by, once each ('accept-encoding' is added by the compression as well)
    const vary = new Set(
      String(reply.getHeader('vary') ?? '')
        .split(',')
        .map((v) => v.trim().toLowerCase())
        .filter(Boolean),
    );
    if (vary.size) headers.vary = [...vary].join(', ');
    const csp = headers['content-security-policy'];
    if (typeof csp === 'string')
      headers['content-security-policy'] = cachedCsp(csp, html ? body.toString('utf8') : null);
    const etag = `"${crypto.createHash('sha1').update(body).digest('base64')}"`;
    const entry: Entry = { status: 200, headers, body, etag, page, freshUntil: Date.now() + seconds * 1000 };
    cache.set(pending.key, entry, { ttl: (seconds + staleSeconds) * 1000 });
  }
}
