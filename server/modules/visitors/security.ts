import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { completeTagsEnd } from '../../../common/html-stream.js';
import type { Config } from '../../config.js';
import { HttpError } from '../../lib/errors.js';
import { hstsOf } from '../../lib/request-url.js';
import { requestValueProblem } from '../../lib/validation.js';

type WithNonce = ServerResponse & { portalNonce?: string };

/** The origin of a URL template (`https://{s}.tile.example.org/{z}/...` → `https://*.tile.example.org`), or null for a relative one. */
export function originOf(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  const host = (match[2] as string).replace(/\{[a-z]+\}/gi, '*').replace(/^.*@/, '');
  if (!/^[a-z0-9*.:[\]-]+$/i.test(host)) return null;
  return `${(match[1] as string).toLowerCase()}://${host.toLowerCase()}`;
}

function nonceOf(res: WithNonce): string {
  res.portalNonce ??= crypto.randomBytes(18).toString('base64');
  return res.portalNonce;
}

/** The Content-Security-Policy directives of the portal (nonce filled per response). */
export function cspDirectives(config: Config, mapTileUrl: string) {
  const badge = originOf(config.badgeScriptUrl);
  const tiles = originOf(mapTileUrl);
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonceOf(res as WithNonce)}'`;
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    // React Router's inline bootstrap and data scripts carry the response's nonce.
    scriptSrc: ["'self'", nonce, ...(badge ? [badge] : [])],
    scriptSrcAttr: ["'none'"],
    // Style attributes (React `style`, Leaflet, the badge's own <style>) need 'unsafe-inline'.
    styleSrc: ["'self'", "'unsafe-inline'"],
    upgradeInsecureRequests: null,
  };
}

/** Adds `nonce="..."` to every `<script` tag of an HTML stream, across chunk boundaries. */
function nonceTransform(nonce: string): Transform {
  const decoder = new StringDecoder('utf8');
  let tail = '';
  const tag = /<script(?=[\s>])/g;
  const attr = `<script nonce="${nonce}"`;
  return new Transform({
    transform(chunk: Buffer | string, _enc, done) {
      const text = tail + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      // A tag that continues in the next chunk waits for it.
      const end = completeTagsEnd(text);
      tail = text.slice(end);
      done(null, text.slice(0, end).replace(tag, attr));
    },
    flush(done) {
      done(null, (tail + decoder.end()).replace(tag, attr));
    },
  });
}

/**
 * What the pages may use of the browser's powerful features: the map's "near me" asks for the
 * visitor's position on the site itself; nothing else (camera, microphone, payment, sensors, ...)
 * is used, by the site or by anything it embeds.
 */
export const permissionsPolicy = [
  'geolocation=(self)',
  'fullscreen=(self)',
  ...[
    'accelerometer',
    'autoplay',
    'browsing-topics',
    'camera',
    'display-capture',
    'encrypted-media',
    'gyroscope',
    'hid',
    'idle-detection',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'picture-in-picture',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ');

/**
 * Security headers on every response: a Content-Security-Policy (own scripts by nonce, the badge
 * widget's host, the map tiles' host), X-Content-Type-Options, Referrer-Policy, Permissions-Policy,
 * frame-ancestors 'none', and HSTS when the portal is behind a trusted proxy and the request came over HTTPS.
 * Register before compression: the nonce goes into the HTML before it is compressed.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const mapTileUrl = app.config.mapTileUrl;
  // helmet's middleware, made once: @fastify/helmet made it anew for every request (parsing every
  // option and directive each time: 3% of an uncached API answer's time).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(app.config, mapTileUrl) },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    xFrameOptions: { action: 'deny' },
  });
  // Callback hooks: they run for every request, an async one would cost a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => {});
    void reply.header('permissions-policy', permissionsPolicy);
    const value = hstsOf(app, request);
    if (value) void reply.header('strict-transport-security', value);
    done();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const nonce = (reply.raw as WithNonce).portalNonce;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!nonce || !type.startsWith('text/html') || payload == null) return payload;
    if (typeof payload === 'string') return payload.replace(/<script(?=[\s>])/g, `<script nonce="${nonce}"`);
    if (Buffer.isBuffer(payload)) {
      return payload.toString('utf8').replace(/<script(?=[\s>])/g, `<script nonce="${nonce}"`);
    }
    if (payload instanceof Readable) {
      reply.removeHeader('content-length');
      const out = nonceTransform(nonce);
      payload.on('error', (err) => out.destroy(err));
      return payload.pipe(out);
    }
    return payload;
  });
}

/**
 * Per-address rate limits for the routes that ask for one, shared through Redis when REDIS_URL is
 * set (server/lib/redis.ts).
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: 'portal-rate-limit-' } : {}),
    // A broken Redis must not take the forms down: limits are skipped, and it is logged.
    skipOnError: true,
  });
}

/**
 * Graceful close: once the server is closing, every response that is still being answered closes
 * its keep-alive connection, so `app.close()` (SIGTERM) finishes the requests in flight and then
 * returns at once instead of waiting for idle keep-alive connections to time out.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
  // A callback hook: it runs after every answer, cache hits included; an async one costs a promise.
  app.addHook('onResponse', (request, _reply, done) => {
    if (closing && app.server.listening) request.raw.socket?.end();
    done();
  });
}

/** Refuses with a 400 what the schemas let through but the database cannot take (requestValueProblem). */
export function rejectNonFiniteNumbers(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const message = requestValueProblem(request.params, request.query);
    if (message) throw new HttpError(400, message);
  });
}
