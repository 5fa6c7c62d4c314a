import { STATUS_CODES } from 'node:http';
import type { SwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { ErrorBody } from '../../common/api.js';
import { xsrfCookie, xsrfHeader } from './xsrf.js';

// The OpenAPI document (3.1, docs/decisions/012-openapi-3.1.md) is generated from the routes'
// TypeBox schemas. What every operation can answer besides its own responses (a refused request,
// a missing XSRF pair, a database that is down) is added here, in one place, so that a route
// declares only what is its own.

type Json = Record<string, unknown>;
type Method = 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete';

const unsafe = new Set<string>(['post', 'put', 'patch', 'delete']);

/** Answers shared by operations: the status, when it applies, and the component describing it. */
interface Shared {
  status: string;
  name: string;
  description: string;
  applies(route: {
    method: Method;
    hasParams: boolean;
    hasBody: boolean;
    write: boolean;
    rateLimited: boolean;
    /** A write that needs the XSRF pair (every one but a route with `config: { xsrf: false }`). */
    xsrf: boolean;
  }): boolean;
  headers?: Record<string, Json>;
  /** No body (304). */
  empty?: true;
}

const retryAfter = {
  'Retry-After': {
    description: 'seconds to wait before trying again',
    schema: { type: 'integer', minimum: 0 },
  },
};

const shared: Shared[] = [
  {
    status: '304',
    name: 'NotModified',
    description: 'Not Modified: the answer still has the ETag sent in If-None-Match',
    applies: (r) => r.method === 'get',
    empty: true,
  },
  {
    status: '400',
    name: 'BadRequest',
    description: 'Bad Request: a parameter, the body or a header is not valid; the message names it',
    applies: () => true,
  },
  {
    status: '403',
    name: 'Forbidden',
    description: `Forbidden: the ${xsrfCookie} cookie is missing or the ${xsrfHeader} header does not repeat it`,
    applies: (r) => r.xsrf,
  },
  {
    status: '404',
    name: 'NotFound',
    description: 'Not Found: nothing has this id or name',
    applies: (r) => r.hasParams,
  },
  {
    status: '413',
    name: 'PayloadTooLarge',
    description: 'Payload Too Large: the body is longer than this call takes',
    // a write without a body of its own still reads one if it is sent
    applies: (r) => r.hasBody || r.write,
  },
  {
    status: '414',
    name: 'UriTooLong',
    description: 'URI Too Long: a path parameter is longer than 200 characters',
    applies: (r) => r.hasParams,
  },
  {
    status: '415',
    name: 'UnsupportedMediaType',
    description: 'Unsupported Media Type: the body must be JSON (Content-Type: application/json)',
    applies: (r) => r.hasBody || r.write,
  },
  {
    status: '429',
    name: 'TooManyRequests',
    description: 'Too Many Requests from this address: wait Retry-After seconds',
    applies: (r) => r.rateLimited,
    headers: retryAfter,
  },
  {
    status: '500',
    name: 'InternalServerError',
    description: 'Internal Server Error: a fault of the server, logged there; the answer says nothing more',
    applies: () => true,
  },
  {
    status: '503',
    name: 'ServiceUnavailable',
    description:
      'Service Unavailable: the database does not answer, or the answer is not ready yet; try again after Retry-After seconds',
    applies: () => true,
    headers: retryAfter,
  },
];

const errorRef = { $ref: '#/components/schemas/ErrorBody' };

/** The stable id of an operation: the method and the path's words, parameters as `By<Name>`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split(/[/.]+/)
    .filter(Boolean)
    .map((part) => {
      const param = /^[:{]([A-Za-z0-9_]+)\}?$/.exec(part)?.[1];
      const word = (param ?? part).replace(/[-_](.)/g, (_, c: string) => c.toUpperCase());
      return `${param ? 'By' : ''}${word.charAt(0).toUpperCase()}${word.slice(1)}`;
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

/** How a call proves who may make it: the XSRF pair of writes, and the back office's session. */
const securitySchemes = {
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'portal_staff',
    description: 'the back office session, set by POST /api/admin/auth/sign-in (HttpOnly, SameSite=Strict)',
  },
  xsrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: xsrfCookie,
    description: 'set by any page or /api/auth/ answer (e.g. GET /api/auth/subscribe/toggle/)',
  },
  xsrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: xsrfHeader,
    description: `the value of the ${xsrfCookie} cookie (double submit: a page on another site cannot read it)`,
  },
} as const;

/** What a back office call needs: the session, and the XSRF pair for a write. */
function staffSecurity(method: Method): Record<string, string[]>[] {
  return [unsafe.has(method) ? { staffSession: [], xsrfCookie: [], xsrfHeader: [] } : { staffSession: [] }];
}

/** A route's schema as the document shows it: its operationId and the shared answers it can give. */
const transform: SwaggerTransform = ({ schema: routeSchema, url, route }) => {
  const schema = routeSchema as Json | undefined;
  const method = String(Array.isArray(route.method) ? route.method[0] : route.method).toLowerCase() as Method;
  const own = (schema?.response ?? {}) as Json;
  const response: Json = {};
  const config = route.config as { rateLimit?: unknown; xsrf?: boolean; staff?: string } | undefined;
  const xsrf = unsafe.has(method) && config?.xsrf !== false;
  const facts = {
    method,
    hasParams: /[:*]/.test(url),
    hasBody: Boolean(schema?.body),
    write: unsafe.has(method),
    rateLimited: Boolean(config?.rateLimit),
    xsrf,
  };
  for (const s of shared) {
    if (!s.applies(facts) || own[s.status]) continue;
    // A placeholder the document step replaces with a reference to components.responses.
    response[s.status] = s.empty
      ? { type: 'null', description: s.name }
      : { ...ErrorBody, description: s.name };
  }
  return {
    url,
    schema: {
      ...schema,
      operationId: (schema?.operationId as string | undefined) ?? operationIdOf(method, url),
      // A write without the XSRF pair says so: it needs nothing (`referenceShared` fills in the others).
      ...(unsafe.has(method) && !xsrf ? { security: [] } : {}),
      // The back office's calls need a staff session, but sign-in and the one-time links.
      ...(config?.staff && config.staff !== 'anyone' ? { security: staffSecurity(method) } : {}),
      response: { ...own, ...response },
    },
  };
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * TypeBox writes tuples as draft-07 does (`items: [...]`, `additionalItems`); JSON Schema 2020-12,
 * the schema language of OpenAPI 3.1, writes them `prefixItems: [...]`, `items: false`.
 */
export function to2020(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(to2020);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = to2020(value);
  if (Array.isArray(node.items)) {
    out.prefixItems = out.items;
    out.items = node.additionalItems === undefined ? true : to2020(node.additionalItems);
    delete out.additionalItems;
  }
  return out;
}

/** Replaces each shared answer written out in an operation by a reference to its component. */
function referenceShared(doc: Json): void {
  const used = new Map<string, Json>();
  const inlineError = JSON.stringify(to2020(ErrorBody));
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(item)) {
      const responses = operation.responses as Record<string, Json>;
      for (const s of shared) {
        const answer = responses[s.status];
        if (!answer) continue;
        // The placeholder added by `transform`, or a route's own error answer that says nothing more.
        const body = (answer.content as Record<string, Json> | undefined)?.['application/json']?.schema;
        const generic = answer.description === 'Default Response' && JSON.stringify(body) === inlineError;
        if (answer.description !== s.name && !generic) continue;
        responses[s.status] = { $ref: `#/components/responses/${s.name}` };
        used.set(s.name, {
          description: s.description,
          ...(s.headers ? { headers: s.headers } : {}),
          ...(s.empty ? {} : { content: { 'application/json': { schema: errorRef } } }),
        });
      }
      for (const [status, answer] of Object.entries(responses)) {
        if (answer.description === 'Default Response') answer.description = STATUS_CODES[status] ?? status;
        // Every other error answer of the route's own is an ErrorBody too (its description is the
        // answer's, which the schema repeats): share its schema.
        const media = (answer.content as Record<string, Json> | undefined)?.['application/json'];
        const { description: _, ...bare } = (media?.schema ?? {}) as Json;
        if (media && JSON.stringify(bare) === inlineError) media.schema = errorRef;
      }
    }
  }
  const components = (doc.components ?? {}) as Json;
  components.schemas = { ...(components.schemas as Json), ErrorBody: to2020(ErrorBody) };
  components.responses = Object.fromEntries([...used].sort(([a], [b]) => a.localeCompare(b)));
  components.securitySchemes = securitySchemes;
  doc.components = components;
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(item)) {
      if (unsafe.has(method)) operation.security ??= [{ xsrfCookie: [], xsrfHeader: [] }];
    }
  }
}

/** The options of @fastify/swagger for the portal's document. */
export function openapiOptions(publicUrl: string): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Leningrad Region tourism portal API',
        version: '1.0.0',
        description:
          'Content of the portal: directions, routes, the travel guide, events and news. Every GET answers in ' +
          'the language of the Accept-Language header (ru, en, zh; ch means zh), falling back to ru. Lists take ' +
          '`limit` and `offset` (DRF-style pages), `search`, and filters `<group>__in=1,2`. Every error is ' +
          'JSON `{statusCode, error, message}`; a method a path does not serve is refused with 405 and an ' +
          'Allow header. The content is public; the visitor forms (POST) need the XSRF pair: the cookie ' +
          'any page sets, repeated in a header.',
      },
      servers: [{ url: publicUrl, description: 'this portal' }],
      security: [],
      // here as well as in the finished document: the plugin reads them while it builds each operation
      components: { securitySchemes: { ...securitySchemes } },
      tags: [
        { name: 'content', description: 'Directions, routes, places, events, news, the map and the search' },
        { name: 'directories', description: 'The option lists of the filters' },
        {
          name: 'trip',
          description:
            "A visitor's trip plan (kept in their browser, no account): its items in one call, its GPX and .ics files",
        },
        { name: 'visitors', description: 'The feedback form and the newsletter' },
        { name: 'service', description: 'Health, translations, pictures and the files for crawlers' },
        {
          name: 'admin',
          description:
            'The back office (/admin): staff sign-in, accounts, settings, content, visitor messages. A session cookie from the sign-in, ' +
            'and the XSRF pair on every write; each call says whether an editor or only an admin may make it.',
        },
      ],
    },
    transform,
    // a shared schema (a rich text's document) is a component under its own `$id`
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    transformObject: (document) => {
      const doc = to2020('openapiObject' in document ? document.openapiObject : {}) as Json;
      referenceShared(doc);
      return doc;
    },
  };
}

/**
 * A route's answer that is a file rather than JSON (a download, a picture, a crawler file): its
 * media types for the document, with an example of its start for the text ones. Fastify sends such
 * a body as it is.
 */
export function fileResponse(
  description: string,
  types: readonly string[],
  options: { binary?: boolean; example?: string; attachment?: string } = {},
) {
  const schema = {
    type: 'string',
    ...(options.binary ? { format: 'binary' } : {}),
    ...(options.example ? { examples: [options.example] } : {}),
  };
  const media = { schema };
  return {
    description,
    ...(options.attachment
      ? {
          headers: {
            'Content-Disposition': {
              type: 'string',
              description:
                `attachment: named ${options.attachment} (filename), and after the item in the ` +
                "visitor's language (filename*, UTF-8)",
            },
          },
        }
      : {}),
    content: Object.fromEntries(types.map((type) => [type, media])),
  };
}
