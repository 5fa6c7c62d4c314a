import type { FastifyError, FastifyInstance, FastifySchema } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Lang } from '../../common/languages.js';
import { type QueryParams, ReadFailure, withParams } from '../../common/read-api.js';
import { errorAnswer, HttpError } from './errors.js';
import { withPhotos } from './photos.js';
import { requestUrl } from './request-url.js';
import { requestValueProblem } from './validation.js';

// The API's GET routes as functions: `readRoute` registers a read route with Fastify (the
// documented /api endpoint) and returns the same read as a typed function, which the page loaders
// call in-process (server/lib/page-reads.ts, common/read-api.ts). Both go through the route's own
// TypeBox schemas for the path and the query string, compiled by Fastify's own validator compiler,
// so a bad value is the same 400 and an unknown id the same 404 either way; the output is the object
// the route serializes.

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

/**
 * A read route called in-process: its path parameters and query as the endpoint's address would
 * spell them. It answers the route's 200 object, or throws a ReadFailure with the status and body
 * the HTTP answer would have.
 */
export type Read<Out> = (
  lang: Lang,
  input?: { params?: Record<string, string | number>; query?: QueryParams },
) => Promise<Out>;

type Validate = ((data: unknown) => boolean) & { errors?: FastifyError['validation'] | null };

function invalid(validate: Validate, context: string): Error {
  return Object.assign(new Error(`${context} is not valid`), {
    validation: validate.errors ?? [],
    validationContext: context,
  });
}

/** The query as Fastify's parser gives it: strings, an array for a repeated key. */
function queryValues(query: QueryParams | undefined): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    const all = (Array.isArray(value) ? value : [value]).map(String);
    if (all.length) values[key] = all.length === 1 ? (all[0] as string) : all;
  }
  return values;
}

/** The route's in-process read: its schemas compiled by `context`'s validator compiler at the first call. */
function inProcess<Out>(
  app: FastifyInstance,
  route: string,
  schema: ReadSchema,
  read: (input: ReadInput<never, never>) => Promise<Out>,
): Read<Out> {
  let validators: { params?: Validate; query?: Validate } | undefined;
  const compileAll = () => {
    const compile = app.validatorCompiler as unknown as (route: {
      schema: unknown;
      method: string;
      url: string;
      httpPart: string;
    }) => Validate;
    const part = (part: TSchema | undefined, httpPart: string) =>
      part ? compile({ schema: part, method: 'GET', url: route, httpPart }) : undefined;
    return { params: part(schema.params, 'params'), query: part(schema.querystring, 'querystring') };
  };
  return async (lang, input = {}) => {
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(input.params ?? {})) params[key] = String(value);
    const address = withParams(
      route.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? '')),
      input.query,
    );
    try {
      // Compiled at the first read: by then Fastify has set its validator compiler up.
      validators ??= compileAll();
      const query = queryValues(input.query);
      if (validators.params && !validators.params(params)) throw invalid(validators.params, 'params');
      if (validators.query && !validators.query(query)) throw invalid(validators.query, 'querystring');
      const problem = requestValueProblem(params, query);
      if (problem) throw new HttpError(400, problem);
      const url = new URL(address, `${app.config.publicUrl}/`);
      return await read({ params, query, lang, url } as unknown as ReadInput<never, never>);
    } catch (error) {
      const answer = errorAnswer(app, error as FastifyError, app.log);
      throw new ReadFailure(answer.status, answer.body, address);
    }
  };
}

/**
 * A GET route of the API that reads: registered with Fastify at `url` (under the plugin's prefix),
 * and returned as a typed function for the page loaders (server/lib/page-reads.ts). `photos`: its
 * cards and pages come with their photos' alt texts and focal points (server/lib/photos.ts).
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
): Read<Static<S['response'][200]>> {
  const withPictures: Reader<S> = options.photos
    ? async (input) => withPhotos(app.readDb, input.lang, await reader(input))
    : reader;
  const read = options.kept ? keptByLanguage(app, withPictures) : withPictures;
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
  return inProcess(
    app,
    `${app.prefix}${url}`,
    options.schema,
    read as (input: ReadInput<never, never>) => ReturnType<typeof read>,
  );
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
