import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { accessLine, quietLevels } from '../access-log.js';
import { langOfAcceptLanguage } from '../request-lang.js';
import { hsts, isStaffPath, isValidHost } from '../request-url.js';
import { clientAddress, forwarded, type Trust } from '../trust-proxy.js';
import { newXsrfCookie } from '../xsrf.js';
import { ownHeaders, writeEntry } from './entry.js';
import { type AnswerStore, keyOf } from './store.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Answers the requests the cache can answer as they reach the HTTP server, before Fastify: no
 * routing, request and reply objects, hooks or promises, so a hit costs little more than writing
 * the bytes (a hit inside Fastify's onRequest hooks ran at a fifth of a bare node:http server's
 * rate, docs/performance.md). Everything else goes to Fastify as before, where the onRequest hook
 * of the cache answers the rest (`app.inject`, an answer another request is rendering) and
 * renders the misses.
 *
 * What Fastify would have done for a hit is done here by the same rules: a Host (or trusted
 * X-Forwarded-Host) that no URL can be built on is left to Fastify's 400; the forwarded protocol is
 * read with the same trust function (HSTS, the cookie's Secure); a page hands a visitor without an
 * XSRF cookie a new one; one access-log line per answer; nothing is answered once the server closes.
 */
export function answerBeforeFastify(app: FastifyInstance, store: AnswerStore, trust: Trust | false): void {
  const server = app.server;
  const handlers = server.listeners('request') as Handler[];
  // Fastify's own server has exactly its router as request listener; with any other, stay out.
  const fastify = handlers[0];
  if (handlers.length !== 1 || !fastify) return;
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    const { method, headers, url } = req;
    if ((method !== 'GET' && method !== 'HEAD') || headers.authorization || !url || isStaffPath(url))
      return false;
    if (!isValidHost(forwarded(req, trust, 'x-forwarded-host') ?? headers.host ?? '')) return false;
    const key = keyOf(langOfAcceptLanguage(headers['accept-language']), url, headers.cookie);
    const entry = store.get(key);
    if (!entry || !store.servable(key, entry)) return false;
    const started = performance.now();
    const https =
      trust !== false &&
      (forwarded(req, trust, 'x-forwarded-proto') ??
        ((req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http')) === 'https';
    const cookie = entry.xsrf ? newXsrfCookie(app, headers.cookie, https) : undefined;
    const status = writeEntry(res, entry, {
      method,
      ifNoneMatch: headers['if-none-match'],
      acceptEncoding: headers['accept-encoding'],
      own: ownHeaders(https ? hsts : undefined, cookie),
    });
    if (!quietLevels.has(app.log.level)) {
      const ms = performance.now() - started;
      app.log.info(accessLine(method, url, status, ms, clientAddress(req, trust)), 'request');
    }
    return true;
  };

  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (closing || !answer(req, res)) fastify.call(server, req, res);
  });
}
