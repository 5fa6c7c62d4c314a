import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hstsOf, isStaffPath } from './request-url.js';
import type { Encoding } from './response-cache/encoding.js';
import { addEncodings, createEntry, type Entry, ownHeaders, writeEntry } from './response-cache/entry.js';
import { keptHeaders, secondsToKeep } from './response-cache/policy.js';
import { AnswerStore, keyOf } from './response-cache/store.js';
import { issuesCookie, xsrfSetCookie } from './xsrf.js';

export { pickEncoding } from './response-cache/encoding.js';
export { inlineScriptHashes, sharedMaxAge } from './response-cache/policy.js';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Keep this 200 answer in the response cache for up to `seconds` (capped by RESPONSE_CACHE_SECONDS),
     * whatever its Cache-Control says to browsers: for pages, which browsers must revalidate
     * (`no-cache`) but which are the same for every visitor of one language.
     */
    cacheFor(seconds: number): void;
    /**
     * For an answer its route compressed itself (sent with its Content-Encoding): its plain body and
     * the encodings made, which the response cache keeps as they are. Otherwise it keeps only plain
     * answers, and compresses them at their first hit, on the event loop.
     */
    cacheEncoded(plain: Buffer, encoded: Partial<Record<Encoding, Buffer>>): void;
  }
}

/** A request rendering an answer the cache will keep. */
interface Pending {
  key: string;
  payload?: string | Buffer;
  /** Set by `reply.cacheEncoded`: the encodings the route made of `payload`. */
  encoded?: Partial<Record<Encoding, Buffer>>;
  /** Set by `reply.cacheFor` (a page). */
  seconds?: number;
  /** Ends the wait of the requests for the same key (the entry is stored, or there is none). */
  done: () => void;
  /** The store's generation when the request began: a change since then means its answer is old. */
  generation: number;
}

const kPending = Symbol('responseCachePending');
type WithPending = FastifyRequest & { [kPending]?: Pending };

/** How long a request waits for another one rendering the same answer before rendering it itself. */
const waitMs = 5000;

export interface ResponseCacheOptions {
  /** The longest any answer is kept; 0 turns the cache off. */
  seconds: number;
  /** Memory for the bodies (all encodings), in megabytes. */
  megabytes: number;
}

/**
 * A short-lived in-process cache of the answers that are the same for every visitor: GETs whose
 * Cache-Control lets a shared cache keep them (the content API, locales) and server-rendered pages
 * (`reply.cacheFor`); never the back office's (`isStaffPath`), which are one signed-in person's.
 * Keyed by URL and language; bodies compressed once per encoding. A hit is answered by an onRequest
 * hook, before the hooks registered after it, with the security headers of the first answer and a
 * fresh XSRF cookie for a new visitor; what Fastify does for every request (the Host check, the
 * forwarded protocol and address of a trusted proxy, the access log) it does for a hit too. An edit
 * to the content shows within `seconds` in every process. Register it after the Host check and the
 * language, before every other onRequest hook.
 */
export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions): void {
  app.decorateReply('cacheFor', function (this: FastifyReply, seconds: number) {
    const pending = (this.request as WithPending)[kPending];
    if (pending) pending.seconds = seconds;
  });
  app.decorateReply(
    'cacheEncoded',
    function (this: FastifyReply, plain: Buffer, encoded: Partial<Record<Encoding, Buffer>>) {
      const pending = (this.request as WithPending)[kPending];
      if (!pending) return;
      pending.payload = plain;
      pending.encoded = encoded;
    },
  );
  if (options.seconds <= 0) return;

  const store = new AnswerStore(options.megabytes);
  app.contentChanges.onChange(() => store.clear());
  answerInOnRequest(app, store);
  keepAnswers(app, store, options.seconds);
}

/**
 * Writes a hit (the reply is hijacked: no other hook, serializer or compression runs for it; Fastify
 * still writes its access-log line when the answer is finished).
 */
function sendHit(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, entry: Entry): void {
  const cookie = entry.xsrf ? xsrfSetCookie(app, request) : undefined;
  reply.hijack();
  writeEntry(reply.raw, entry, {
    method: request.method,
    ifNoneMatch: request.headers['if-none-match'],
    acceptEncoding: request.headers['accept-encoding'],
    own: ownHeaders(hstsOf(app, request), cookie),
  });
}

/**
 * The first onRequest hook after the language: a hit goes out here and ends the request (or, when
 * another request is rendering its answer, once that one is done); a miss is marked as being
 * rendered, so that a burst of visitors renders it once.
 */
function answerInOnRequest(app: FastifyInstance, store: AnswerStore): void {
  const startRendering = (request: FastifyRequest, key: string) => {
    (request as WithPending)[kPending] = {
      key,
      done: store.startRendering(key),
      generation: store.generation,
    };
  };
  const lookups = app.metrics.responseCache;
  // A callback hook, not an async one: a hit costs no promise. A hit is written at once and the
  // chain ends there (`done` is not called after a hijack).
  app.addHook('onRequest', (request, reply, done) => {
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      request.headers.authorization ||
      isStaffPath(request.url)
    )
      return done();
    const key = keyOf(request.lang, request.url, request.headers.cookie);
    const entry = store.get(key);
    if (entry && entry.freshUntil > Date.now()) {
      lookups.inc({ result: 'hit' });
      return sendHit(app, request, reply, entry);
    }
    // Past its time (or none): one request renders it anew; meanwhile the others get the stale
    // answer, or, when there is none, wait for that one (a burst of visitors renders a page once).
    const other = store.renderingOf(key);
    if (!other) {
      lookups.inc({ result: 'miss' });
      if (request.method === 'GET') startRendering(request, key);
      return done();
    }
    if (entry) {
      lookups.inc({ result: 'stale' });
      return sendHit(app, request, reply, entry);
    }
    void Promise.race([other, new Promise((resolve) => setTimeout(resolve, waitMs).unref())]).then(() => {
      const rendered = store.get(key);
      lookups.inc({ result: rendered ? 'hit' : 'miss' });
      if (rendered) return sendHit(app, request, reply, rendered);
      if (request.method === 'GET') startRendering(request, key);
      done();
    });
  });
}

/** Keeps the answers the requests marked in `answerInOnRequest` rendered, once they are sent. */
function keepAnswers(app: FastifyInstance, store: AnswerStore, longest: number): void {
  // Registered before compression and the CSP nonce: the payload is the plain answer. (An answer
  // its route compressed itself, like the map points, is kept only if the route handed its plain
  // body and encodings with `reply.cacheEncoded`.)
  app.addHook('onSend', (request, reply, payload, done) => {
    const pending = (request as WithPending)[kPending];
    const plain = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (pending && plain && !reply.hasHeader('content-encoding')) pending.payload = payload;
    done(null, payload);
  });

  // A callback hook: it runs after every answer, hits included (an async one costs a promise each).
  app.addHook('onResponse', (request, reply, done) => {
    const pending = (request as WithPending)[kPending];
    if (!pending) return done();
    try {
      // an answer that is no longer there (or failed) is not given out stale any more
      if (reply.statusCode !== 200) store.delete(pending.key);
      const seconds = secondsToKeep(reply, pending.seconds, longest);
      if (pending.payload && seconds > 0 && pending.generation === store.generation) {
        const body = Buffer.isBuffer(pending.payload) ? pending.payload : Buffer.from(pending.payload);
        const xsrf = pending.seconds !== undefined && issuesCookie(request);
        const entry = createEntry(keptHeaders(reply, body), body, { xsrf, seconds });
        if (pending.encoded) addEncodings(entry, pending.encoded);
        store.set(pending.key, entry);
      }
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
}
