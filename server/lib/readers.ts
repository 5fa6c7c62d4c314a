import type { FastifyError, FastifyInstance, FastifySchema } from 'fastify';
import FindMyWay, { type HTTPVersion } from 'find-my-way';
import type { Static, TSchema } from 'typebox';
import type { Lang } from '../../common/languages.js';
import type { ReadAnswer } from '../../common/read-api.js';
import { type ErrorAnswer, errorAnswer } from './errors.js';
import { withPhotos } from './photos.js';
import { requestUrl } from './request-url.js';
import { requestValueProblem } from './validation.js';

// The API's GET routes as functions: each read route is registered with Fastify (the documented
// /api endpoint) and in a table of readers by the same path, which the server-side page loaders call
// in-process (common/read-api.ts). Both go through the route's own TypeBox schemas for the path and
// the query string, compiled by Fastify's own validator compiler, so a bad value is the same 400 and
// an unknown id the same 404 either way; the output is the object the route serializes.

/** What a read gets: the validated path parameters and query, the answer's language, the request URL. */
export interface ReadInput<P, Q> {
  params: P;
  query: Q;
  lang: Lang;
  /** The absolute URL of the request on the public site (a page's next/previous links). */
  url: URL;
}

/** A read route's schema: TypeBox for the path and the query; its 200 answer is the reader's output. */
export interface ReadSchema extends FastifySchema {
  params?: TSchema;
  querystring?: TSchema;
  response: { 200: TSchema } & Record<number, TSchema>;
}

type StaticOr<S, Otherwise> = S extends TSchema ? Static<S> : Otherwise;
export type Reader<S extends ReadSchema> = (
  input: ReadInput<
    StaticOr<S['params'], Record<string, string>>,
    StaticOr<S['querystring'], Record<string, unknown>>
  >,
) => Promise<Static<S['response'][200]>>;

type Validate = ((data: unknown) => boolean) & { errors?: FastifyError['validation'] | null };
// biome-ignore lint/suspicious/noExplicitAny: the table holds readers of every input type
type AnyReader = (input: ReadInput<any, any>) => Promise<unknown>;
interface Entry {
  url: string;
  /** The plugin the route was registered in: its validator compiler compiled the route's schemas. */
  context: FastifyInstance;
  schema: ReadSchema;
  read: AnyReader;
  /** Compiled at the first read: by then Fastify has set its validator compiler up. */
  validators?: { params?: Validate; query?: Validate };
}

export interface Readers {
  add(context: FastifyInstance, url: string, schema: ReadSchema, read: AnyReader): void;
  /** A GET of an API path in-process: the reader's output, or the status and body of its error. */
  read(path: string, lang: Lang): Promise<ReadAnswer>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readers: Readers;
  }
}

/** The table of readers of an app; `readRoute` fills it. */
export function createReaders(app: FastifyInstance): Readers {
  // The router Fastify itself uses, with the app's options: the same paths match the same routes,
  // and the query string is parsed the same way (find-my-way's searchParams are Fastify's query).
  const router = FindMyWay<HTTPVersion.V1>({ ignoreTrailingSlash: true, maxParamLength: 200 });

  function validators(entry: Entry): NonNullable<Entry['validators']> {
    if (entry.validators) return entry.validators;
    const compile = entry.context.validatorCompiler as unknown as (route: {
      schema: unknown;
      method: string;
      url: string;
      httpPart: string;
    }) => Validate;
    const part = (schema: TSchema | undefined, httpPart: string) =>
      schema ? compile({ schema, method: 'GET', url: entry.url, httpPart }) : undefined;
    entry.validators = {
      params: part(entry.schema.params, 'params'),
      query: part(entry.schema.querystring, 'querystring'),
    };
    return entry.validators;
  }

  function invalid(validate: Validate, context: string): Error {
    return Object.assign(new Error(`${context} is not valid`), {
      validation: validate.errors ?? [],
      validationContext: context,
    });
  }

  const failed = (answer: ErrorAnswer): ReadAnswer => ({ ok: false, ...answer });

  return {
    add(context, url, schema, read) {
      router.on('GET', url, () => {}, { url, context, schema, read } satisfies Entry);
    },
    async read(path, lang) {
      const found = router.find('GET', path);
      if (!found) {
        const pathname = path.split('?')[0];
        return failed({
          status: 404,
          body: { statusCode: 404, error: 'Not Found', message: `No such resource: ${pathname}` },
        });
      }
      const entry = found.store as Entry;
      try {
        const { params: validateParams, query: validateQuery } = validators(entry);
        const params: Record<string, unknown> = { ...found.params };
        const query = found.searchParams as Record<string, unknown>;
        if (validateParams && !validateParams(params)) throw invalid(validateParams, 'params');
        if (validateQuery && !validateQuery(query)) throw invalid(validateQuery, 'querystring');
        const problem = requestValueProblem(params, query);
        if (problem)
          return failed({ status: 400, body: { statusCode: 400, error: 'Bad Request', message: problem } });
        const url = new URL(path, `${app.config.publicUrl}/`);
        return { ok: true, data: await entry.read({ params, query, lang, url }) };
      } catch (error) {
        return failed(errorAnswer(app, error as FastifyError, app.log));
      }
    },
  };
}

/**
 * A GET route of the API that reads: registered with Fastify at `url` (under the plugin's prefix),
 * and with the app's readers at the same path for the page loaders. `photos`: its cards and pages
 * come with their photos' alt texts and focal points (server/lib/photos.ts).
 */
export function readRoute<S extends ReadSchema>(
  app: FastifyInstance,
  url: string,
  options: {
    schema: S;
    photos?: boolean;
    /** How long caches may keep an answer, in seconds (default: the API's one minute, stale while renewing). */
    maxAge?: () => number;
    /**
     * The answer depends on the language alone and every page's menu or footer reads it: held in
     * memory per language (`keptByLanguage`). Only for routes without path or query parameters.
     */
    kept?: boolean;
  },
  reader: Reader<S>,
): void {
  const withPictures: Reader<S> = options.photos
    ? async (input) => withPhotos(app.readDb, input.lang, await reader(input))
    : reader;
  const read = options.kept ? keptByLanguage(app, withPictures) : withPictures;
  app.readers.add(app, `${app.prefix}${url}`, options.schema, read as AnyReader);
  const { maxAge } = options;
  app.get(url, { schema: options.schema as FastifySchema }, (request, reply) => {
    if (maxAge) void reply.header('cache-control', `public, max-age=${maxAge()}`);
    return read({
      params: request.params as never,
      query: request.query as never,
      lang: request.lang,
      url: requestUrl(app, request),
    });
  });
}

/** How long a kept answer lasts at most: changes made outside the portal (a seed, psql) show after it. */
const keptMs = 60_000;

/**
 * A reader whose answer is kept per language until the content changes (in any portal process:
 * server/lib/content-changes.ts), at most `keptMs`, as the dictionary keeps the reference tables.
 * Every page reads the menu's and the footer's few rows; reading them from the database each time
 * was a third of an uncached page's database time. A failed read is not kept.
 */
function keptByLanguage<S extends ReadSchema>(app: FastifyInstance, reader: Reader<S>): Reader<S> {
  const kept = new Map<Lang, { at: number; answer: ReturnType<Reader<S>> }>();
  app.contentChanges.onChange(() => kept.clear());
  return (input) => {
    const hit = kept.get(input.lang);
    if (hit && performance.now() - hit.at < keptMs) return hit.answer;
    const answer = reader(input);
    kept.set(input.lang, { at: performance.now(), answer });
    answer.catch(() => {
      if (kept.get(input.lang)?.answer === answer) kept.delete(input.lang);
    });
    return answer;
  };
}
