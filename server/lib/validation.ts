import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/** Ajv's options for every part of a request: defaults filled in, properties a schema forbids dropped. */
const ajvOptions = { coerceTypes: 'array', removeAdditional: true, useDefaults: true } as const;

type Pool = ReturnType<typeof AjvCompiler>;
/** What Fastify hands a validator compiler for each part of each route. */
type RouteSchema = { schema: unknown; method: string; url: string; httpPart: string };
type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Compile = (route: { schema: object }) => unknown;

/**
 * The compilers are made once per process, not per app, and what they compile is kept by the
 * schema's content: an app built again in the same process (the test suite builds dozens, each
 * with ~1,800 route schemas, ~150 of them different) reuses the validators and serializers
 * instead of compiling them again, about a second of CPU per app. A schema's text is read once
 * per schema object.
 */
const pool = AjvCompiler();
const serializers = SerializerSelector();
const compiled = new Map<string, unknown>();
const schemaText = new WeakMap<object, string>();

function textOf(schema: object): string {
  let text = schemaText.get(schema);
  if (text === undefined) {
    text = JSON.stringify(schema);
    schemaText.set(schema, text);
  }
  return text;
}

/** A compiler that answers a schema it has compiled (under the same options) from the cache. */
function kept(kind: string, options: unknown, compile: Compile): Compile {
  const prefix = `${kind}\u0000${JSON.stringify(options)}\u0000`;
  return (route) => {
    const key = prefix + textOf(route.schema);
    let done = compiled.get(key);
    if (done === undefined) {
      done = compile(route);
      compiled.set(key, done);
    }
    return done;
  };
}

const buildSerializer = ((externalSchemas: unknown, options: unknown) =>
  kept(
    'serialize',
    [externalSchemas, options],
    serializers(externalSchemas as never, options as never) as unknown as Compile,
  )) as unknown as SerializerFactory;

/**
 * Request validation. The query string and the path are text, so their values are coerced to the
 * schema's types (`limit=10` is a number, `way_to_travel=1` a one-item array). A JSON body carries
 * its own types and is taken as it is: `{"message": 123}` or `"website": false` is a 400 naming the
 * field, not the string "123" or "false".
 */
export function validationOptions(): Pick<FastifyServerOptions, 'ajv' | 'schemaController'> {
  const buildValidator = ((externalSchemas: Parameters<Pool>[0], options: Parameters<Pool>[1]) => {
    const exactOptions = {
      ...options,
      customOptions: { ...options?.customOptions, coerceTypes: false },
    } as Parameters<Pool>[1];
    const coercing = kept(
      'coerce',
      [externalSchemas, options?.customOptions],
      pool(externalSchemas, options) as unknown as Compile,
    );
    const exact = kept(
      'exact',
      [externalSchemas, exactOptions?.customOptions],
      pool(externalSchemas, exactOptions) as unknown as Compile,
    );
    return (route: RouteSchema) =>
      (route.httpPart === 'body' ? exact : coercing)(route as unknown as { schema: object });
  }) as unknown as Pool;
  return {
    ajv: { customOptions: ajvOptions },
    schemaController: { compilersFactory: { buildValidator, buildSerializer } },
  };
}

function valueProblem(v: unknown): string | null {
  if (typeof v === 'number' && !Number.isFinite(v)) return 'must be a finite number';
  if (typeof v === 'string' && v.includes('\u0000')) return 'must not contain NUL characters';
  if (Array.isArray(v)) for (const x of v) if (valueProblem(x)) return valueProblem(x);
  return null;
}

/**
 * What the schemas let through but the database cannot take: Ajv's type coercion turns "1e309" into
 * Infinity and then skips minimum/maximum for it, and PostgreSQL cannot store or compare a NUL
 * character; either would reach SQL and fail with a 500. The message of the 400 that refuses it,
 * or null.
 */
export function requestValueProblem(params: unknown, query: unknown): string | null {
  for (const [where, values] of [
    ['params', params],
    ['querystring', query],
  ] as const) {
    if (!values || typeof values !== 'object') continue;
    for (const [name, value] of Object.entries(values)) {
      const message = valueProblem(value);
      if (message) return `${where} ${name} ${message}`;
    }
  }
  return null;
}
