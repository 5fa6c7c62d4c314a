import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

/** Ajv's options for every part of a request: defaults filled in, properties a schema forbids dropped. */
const ajvOptions = { coerceTypes: 'array', removeAdditional: true, useDefaults: true } as const;

type Pool = ReturnType<typeof AjvCompiler>;
/** What Fastify hands a validator compiler for each part of each route. */
type RouteSchema = { schema: unknown; method: string; url: string; httpPart: string };

/**
 * Request validation. The query string and the path are text, so their values are coerced to the
 * schema's types (`limit=10` is a number, `way_to_travel=1` a one-item array). A JSON body carries
 * its own types and is taken as it is: `{"message": 123}` or `"website": false` is a 400 naming the
 * field, not the string "123" or "false".
 */
export function validationOptions(): Pick<FastifyServerOptions, 'ajv' | 'schemaController'> {
  const pool = AjvCompiler();
  const buildValidator = ((externalSchemas: Parameters<Pool>[0], options: Parameters<Pool>[1]) => {
    const coercing = pool(externalSchemas, options) as unknown as (route: RouteSchema) => unknown;
    const exact = pool(externalSchemas, {
      ...options,
      customOptions: { ...options?.customOptions, coerceTypes: false },
    } as Parameters<Pool>[1]) as unknown as (route: RouteSchema) => unknown;
    return (route: RouteSchema) => (route.httpPart === 'body' ? exact : coercing)(route);
  }) as unknown as Pool;
  return {
    ajv: { customOptions: ajvOptions },
    schemaController: { compilersFactory: { buildValidator } },
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
