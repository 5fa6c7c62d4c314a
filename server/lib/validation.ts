import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { RichDocDefinition } from '../../common/rich-text-schema.js';

/**
 * The schemas other schemas refer to by their `$id` instead of repeating them (a rich text's
 * document is in every form that has a description, in three languages): each app adds them
 * (server/app.ts), and a validator made outside a route knows them too.
 */
export const sharedSchemas: { $id: string }[] = [
  RichDocDefinition as typeof RichDocDefinition & { $id: string },
];
const external = Object.fromEntries(sharedSchemas.map((s) => [s.$id, s]));

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

/** What Fastify reads of a validator besides calling it (Ajv's validator functions have both). */
type Validator = ((...args: unknown[]) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/**
 * A validator or serializer compiled when it is first used (or, for a validator, first looked at)
 * instead of when the app gets ready: a process then starts without compiling the ~150 schemas of
 * its routes (about a second and a half of CPU per process, paid again by every worker of a
 * cluster after a crash), and each is compiled by the first request that needs it.
 */
function onFirstUse(kind: string, compile: () => unknown): unknown {
  let real: Validator | undefined;
  const compiled = () => {
    real ??= compile() as Validator;
    return real;
  };
  const use = (...args: unknown[]) => compiled()(...args);
  // Fastify reads `schemaEnv` (to hand Ajv the parent of the value) before the call and `errors`
  // after it: both are the compiled validator's own.
  if (kind !== 'serialize') {
    Object.defineProperties(use, {
      schemaEnv: { get: () => compiled().schemaEnv },
      errors: { get: () => real?.errors },
    });
  }
  return use;
}

/**
 * A compiler that answers a schema it has compiled (under the same options) from the cache;
 * `later`: compiled on first use.
 */
function kept(kind: string, options: unknown, compile: Compile, later: boolean): Compile {
  const prefix = `${kind}${later ? ' on first use' : ''}\u0000${JSON.stringify(options)}\u0000`;
  return (route) => {
    const key = prefix + textOf(route.schema);
    let done = compiled.get(key);
    if (done === undefined) {
      done = later ? onFirstUse(kind, () => compile(route)) : compile(route);
      compiled.set(key, done);
    }
    return done;
  };
}

/**
 * Request validation. The query string and the path are text, so their values are coerced to the
 * schema's types (`limit=10` is a number, `way_to_travel=1` a one-item array). A JSON body carries
 * its own types and is taken as it is: `{"message": 123}` or `"website": false` is a 400 naming the
 * field, not the string "123" or "false". `compileOnFirstUse` in production: the tests compile
 * every schema when the app is built, so that a schema Ajv refuses fails them.
 */
export function validationOptions({
  compileOnFirstUse: later = false,
} = {}): Pick<FastifyServerOptions, 'ajv' | 'schemaController'> {
  const buildSerializer = ((externalSchemas: unknown, options: unknown) =>
    kept(
      'serialize',
      [externalSchemas, options],
      serializers(externalSchemas as never, options as never) as unknown as Compile,
      later,
    )) as unknown as SerializerFactory;
  const buildValidator = ((externalSchemas: Parameters<Pool>[0], options: Parameters<Pool>[1]) => {
    const exactOptions = {
      ...options,
      customOptions: { ...options?.customOptions, coerceTypes: false },
    } as Parameters<Pool>[1];
    const coercing = kept(
      'coerce',
      [externalSchemas, options?.customOptions],
      pool(externalSchemas, options) as unknown as Compile,
      later,
    );
    const exact = kept(
      'exact',
      [externalSchemas, exactOptions?.customOptions],
      pool(externalSchemas, exactOptions) as unknown as Compile,
      later,
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

/** A validator's answer: whether the value passes, and Ajv's errors when it does not. */
export type BodyValidator = ((value: unknown) => boolean) & {
  errors?:
    | { instancePath: string; keyword: string; message?: string; params?: Record<string, unknown> }[]
    | null;
};

const bodyValidators = new WeakMap<object, BodyValidator>();

/**
 * A schema's validator as a request body is validated (the same compiler and options: no type
 * coercion, properties the schema forbids dropped), for a value that arrives another way than as
 * a body (a spreadsheet's row): it is accepted or refused exactly as the same value sent by a form.
 * It names every value that breaks a rule (`allErrors`), where a request's stops at the first.
 */
export function bodyValidator(schema: object): BodyValidator {
  let validate = bodyValidators.get(schema);
  if (!validate) {
    const compile = pool(
      external as Parameters<Pool>[0],
      {
        customOptions: { ...ajvOptions, coerceTypes: false, allErrors: true },
      } as Parameters<Pool>[1],
    ) as unknown as (route: RouteSchema) => BodyValidator;
    validate = compile({ schema, method: 'POST', url: '/', httpPart: 'body' });
    bodyValidators.set(schema, validate);
  }
  return validate;
}
