import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ErrorBody,
  MapConfig,
  MapPoints,
  type MapPointsT,
  type MapSection,
  mapSections,
} from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import { regionClock } from '../../../common/opening-hours.js';
import { practicalFilters } from '../../../common/sections.js';
import { IdList, parseIds } from '../../lib/list.js';
import { practicalParams, readOpenAt, secondsToMinuteEnd } from '../../lib/practical.js';
import { compressFrom, type Encoding } from '../../lib/response-cache/encoding.js';
import { pickEncoding } from '../../lib/response-cache.js';
import { regionToday } from '../../lib/today.js';
import { type MapFilter, mapPoints } from './repository.js';

const sectionName = `(${mapSections.join('|')})`;
const MapQuery = Type.Object({
  section: Type.Optional(
    Type.String({
      pattern: `^${sectionName}(,${sectionName}){0,${mapSections.length - 1}}$`,
      description: `comma-separated sections to include (default all): ${mapSections.join(', ')}`,
    }),
  ),
  district__in: Type.Optional(IdList),
  tourism_type__in: Type.Optional(IdList),
  ...practicalParams(practicalFilters),
});

/** How long a rendered answer is reused; the content changes rarely (a re-seed, a day passing). */
const TTL_MS = 60_000;
const MAX_ENTRIES = 64;

interface Rendered {
  /** The JSON, as bytes (half a string's memory when names are Cyrillic or Chinese). */
  plain: Buffer;
  etag: string;
  /**
   * Both compressed bodies, made off the event loop on the first compressed answer, once per
   * entry: 50,000+ points are megabytes to compress, and the response cache keeps them as they are.
   */
  encoded?: Promise<Record<Encoding, Buffer>>;
}
interface Entry {
  at: number;
  body: Promise<Rendered>;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** gzip, and brotli at the response cache's quality (5: most of its gain at a fraction of 11's time). */
async function encodingsOf(plain: Buffer): Promise<Record<Encoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotli(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip(plain),
  ]);
  return { br, gzip: gz };
}

/** The region's date and minute: the key of an "open now" answer. */
const minuteOf = (now: Date) => {
  const clock = regionClock(now);
  return `${clock.date} ${clock.minute}`;
};

const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** GET /api/map/points/: everything the map page shows, in one compact, cached answer. */
export const mapRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['content'];
  const tiles = { url: app.config.mapTileUrl, attribution: app.config.mapTileAttribution };
  // Rendered answers by language, day (events end) and filter: 50,000 points take a while to serialise.
  const cache = new Map<string, Entry>();
  app.contentChanges.onChange(() => cache.clear());

  function render(lang: Lang, filter: MapFilter, key: string): Entry['body'] {
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < TTL_MS) return hit.body;
    const body = (async () => {
      const data = await mapPoints(app.readDb, lang, await app.dictionary.get(), filter, tiles);
      const json = JSON.stringify(data);
      // The response cache's ETag of the same body: a visitor's If-None-Match matches whichever answered.
      const etag = `"${crypto.createHash('sha1').update(json).digest('base64')}"`;
      return { plain: Buffer.from(json), etag } as Rendered;
    })();
    cache.delete(key);
    cache.set(key, { at: now, body });
    body.catch(() => cache.delete(key));
    while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    return body;
  }

  app.get(
    '/map/points/',
    {
      schema: {
        tags,
        summary: 'Every place with coordinates, the events not yet over and the routes, for the map page',
        description:
          'Compact: `points` holds one array per field (`section`, `id`, `lat`, `lon`, `name`, `district`, ' +
          '`tourism`, `type`, `dates`), one entry per point, where `section` indexes `sections` and `type` is ' +
          'named in `types[section]`; district and tourism type names come from /api/directory/district/ and ' +
          "/api/tourism-type/, a picture from the point's detail answer. Routes appear as a point at their " +
          'start and as a simplified line in `routes`. `free`, `open_now` and `step_free` keep only the places ' +
          'that are free, open at the moment of the request (Europe/Moscow) or have a step-free entrance; `open_at` ' +
          'those open at a moment (or on a day) of the region’s clock, places only as well.',
        querystring: MapQuery,
        response: { 200: MapPoints, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const filter: MapFilter = {
        sections: q.section
          ? mapSections.filter((s) => (q.section as string).split(',').includes(s))
          : ([...mapSections] as MapSection[]),
        districts: q.district__in ? sorted(parseIds(q.district__in)) : [],
        tourismTypes: q.tourism_type__in ? sorted(parseIds(q.tourism_type__in)) : [],
        practical: practicalFilters.filter((f) => (q as Record<string, unknown>)[f] === true),
        now: new Date(),
        openAt: '',
      };
      // a moment that is no day or time: the 400 before any work
      const openAt = (q as Record<string, unknown>).open_at;
      if (readOpenAt(openAt)) filter.openAt = openAt as string;
      // "Open now" is true for the minute it is asked in: such answers are kept for that minute only.
      const openNow = filter.practical.includes('open_now');
      if (openNow) void reply.header('cache-control', `public, max-age=${secondsToMinuteEnd(filter.now)}`);
      const key = [
        request.lang,
        openNow ? minuteOf(filter.now) : regionToday(),
        filter.practical.join(','),
        filter.openAt,
        filter.sections.join(','),
        filter.districts.join(','),
        filter.tourismTypes.join(','),
      ].join('|');
      const rendered = await render(request.lang, filter, key);
      const { plain, etag } = rendered;
      void reply.header('etag', etag).type('application/json; charset=utf-8');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding && plain.length > compressFrom && request.headers['if-none-match'] !== etag) {
        if (!rendered.encoded) {
          rendered.encoded = encodingsOf(plain);
          // a failure is not kept: the next request compresses again
          rendered.encoded.catch(() => {
            rendered.encoded = undefined;
          });
        }
        const encoded = await rendered.encoded;
        // Already compressed: @fastify/compress leaves a response with Content-Encoding alone, and
        // the response cache keeps the plain body and both encodings.
        reply.cacheEncoded(plain, encoded);
        void reply.header('content-encoding', encoding);
        return reply.send(encoded[encoding] as unknown as MapPointsT);
      }
      // Already JSON: Fastify sends a Buffer as it is.
      return reply.send(plain as unknown as MapPointsT);
    },
  );

  app.get(
    '/map/config/',
    {
      schema: {
        tags,
        summary: 'What a map needs besides its points: the tile URL template and its attribution',
        response: { 200: MapConfig },
      },
    },
    async () => ({ tiles }),
  );
};
