// Checks answers against the OpenAPI document the server publishes: the status must be documented
// for the operation, the media type too, and a JSON body must match the documented schema. Every
// API test's app.inject goes through `checkAnswers`, so a test that gets an answer the document
// does not describe fails, naming the operation, the status and where the body differs.

import zlib from 'node:zlib';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Json = Record<string, any>;

export interface Answer {
  method: string;
  /** The request URL (path and query). */
  url: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

const pointer = (parts: string[]) =>
  `#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
const escapeRegex = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** The answers a checker has seen, per operation and status: what a test run covered. */
export type Coverage = Map<string, number>;

export class OpenApiChecker {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly paths: { template: string; regex: RegExp; params: number; item: Json }[];
  readonly coverage: Coverage = new Map();

  constructor(private readonly doc: Json) {
    // The document is not a schema itself, so its own keys (openapi, paths...) are not keywords.
    // inlineRefs: false: a shared component (a rich text's document, 65 KB) is compiled once and
    // called by each operation's validator, not copied into each of them.
    this.ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true, inlineRefs: false });
    formats.default(this.ajv);
    this.ajv.addSchema(doc, 'openapi');
    this.paths = Object.entries(doc.paths as Record<string, Json>).map(([template, item]) => {
      const source = template
        .replace(/\/$/, '')
        .split(/(\{[^}]+\})/)
        .map((part) => (/^\{[^}]+\}$/.test(part) ? '([^/]+)' : escapeRegex(part)))
        .join('');
      return {
        template,
        regex: new RegExp(`^${source}/?$`),
        params: (template.match(/\{/g) ?? []).length,
        item,
      };
    });
  }

  /** The documented path a request path falls under (static segments win over parameters). */
  private pathOf(path: string) {
    return this.paths.filter((p) => p.regex.test(path)).sort((a, b) => a.params - b.params)[0];
  }

  private resolve(node: Json, where: string[]): { node: Json; where: string[] } {
    if (typeof node.$ref !== 'string') return { node, where };
    const parts = (node.$ref as string).replace(/^#\//, '').split('/');
    const target = parts.reduce<Json>((n, k) => n?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], this.doc);
    return this.resolve(target, parts);
  }

  private validator(where: string[]): ValidateFunction {
    const key = pointer(where);
    const known = this.validators.get(key);
    if (known) return known;
    const validate = this.ajv.compile({ $ref: `openapi${key}` });
    this.validators.set(key, validate);
    return validate;
  }

  /**
   * What is wrong with an answer (no problems when nothing), with the operation it reached; null
   * when the request reached no documented path. `template` names the documented path the request
   * was meant for (`/api/news/{id}/`): the answer is then checked against its operation even when
   * the URL also fits another path (an empty id makes an item's URL its list's).
   */
  check(answer: Answer, template?: string): { operation: string; problems: string[] } | null {
    const found = this.operationOf(answer, template);
    if (!found) return null;
    return { operation: found.id, problems: found.check() };
  }

  private operationOf(answer: Answer, template?: string): { id: string; check(): string[] } | null {
    // The path the server saw: dot segments resolved, as the request's URL is parsed.
    const found = template
      ? this.paths.find((p) => p.template === template)
      : this.pathOf(new URL(answer.url, 'http://localhost').pathname);
    if (!found) return null;
    const method = answer.method.toLowerCase();
    const operation = (found.item[method === 'head' ? 'get' : method] ?? null) as Json | null;
    if (!operation) {
      // A method the path does not have: refused with an error body (404 or 405, or what Fastify
      // answers before it looks for the route: 400, 413, 415 for a body it cannot read).
      const id = `${answer.method} ${found.template} (no such operation)`;
      if (answer.status < 400 || answer.status >= 500) {
        return { id, check: () => [`the path has no ${answer.method}, yet it answered ${answer.status}`] };
      }
      const errorBody = {
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      };
      return { id, check: () => this.checkBody(answer, { node: errorBody, where: [] }) };
    }
    const id = operation.operationId as string;
    const responses = (operation.responses ?? {}) as Json;
    const status = String(answer.status);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => responses[k]);
    if (!key) {
      const documented = Object.keys(responses).join(', ');
      return { id, check: () => [`status ${status} is not documented (documented: ${documented})`] };
    }
    this.coverage.set(`${id} ${key}`, (this.coverage.get(`${id} ${key}`) ?? 0) + 1);
    if (method === 'head') return { id, check: () => [] };
    const where = ['paths', found.template, method, 'responses', key];
    return { id, check: () => this.checkBody(answer, this.resolve(responses[key], where)) };
  }

  private checkBody(answer: Answer, response: { node: Json; where: string[] }): string[] {
    const content = response.node.content as Json | undefined;
    const type = String(answer.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    if (!content) {
      return answer.body.length ? [`a body (${type || 'no type'}) where the document has none`] : [];
    }
    if (!type || !content[type]) {
      return [`media type "${type}" is not documented (documented: ${Object.keys(content).join(', ')})`];
    }
    if (!type.includes('json')) return [];
    // The ErrorBody stand-in for a method the path does not have lives outside the document.
    const validate = response.where.length
      ? this.validator([...response.where, 'content', type, 'schema'])
      : this.ajv.compile({ $ref: 'openapi#/components/schemas/ErrorBody' });
    let body: unknown;
    try {
      body = JSON.parse(decode(answer).toString('utf8'));
    } catch (err) {
      return [`the body is not JSON: ${(err as Error).message}`];
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 8).map((e: ErrorObject) => {
      const params = e.keyword === 'additionalProperties' ? ` (${e.params.additionalProperty})` : '';
      return `body${e.instancePath || ''} ${e.message}${params} [schema ${e.schemaPath}]`;
    });
  }
}

function decode(answer: Answer): Buffer {
  const encoding = String(answer.headers['content-encoding'] ?? '');
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body);
  if (encoding === 'deflate') return zlib.inflateSync(answer.body);
  return answer.body;
}

const checkers = new Map<string, OpenApiChecker>();

/** The checker of an app's document (one per distinct document, shared by the apps of a test file). */
export function checkerOf(app: FastifyInstance): OpenApiChecker {
  const doc = app.swagger() as Json;
  const key = JSON.stringify(doc);
  let checker = checkers.get(key);
  if (!checker) {
    checker = new OpenApiChecker(structuredClone(doc));
    checkers.set(key, checker);
  }
  return checker;
}

/** The message of a failed check: the request, the operation, the status and what is wrong. */
export function describeProblems(answer: Answer, operation: string, problems: string[]): string {
  return (
    `${answer.method} ${answer.url} answered ${answer.status}, which the OpenAPI document does not allow ` +
    `(operation ${operation}):\n  ${problems.join('\n  ')}`
  );
}

const unchecked = new WeakMap<FastifyInstance, FastifyInstance['inject']>();

/**
 * The app's own inject, whose answers are not checked by the path of their URL: for a test that
 * checks each answer against the operation it meant (`OpenApiChecker.check` with a template).
 */
export function uncheckedInject(
  app: FastifyInstance,
): (options: InjectOptions) => Promise<LightMyRequestResponse> {
  const inject = unchecked.get(app) ?? app.inject.bind(app);
  return (options) => inject(options);
}

/**
 * Makes every `app.inject` of a ready app check its answer against the app's OpenAPI document and
 * reject (fail the test) when the answer is not what the document says.
 */
export function checkAnswers(app: FastifyInstance): void {
  const checker = checkerOf(app);
  const inject = app.inject.bind(app);
  unchecked.set(app, inject);
  const checked = (options?: InjectOptions | string) => {
    if (options === undefined) return inject();
    const request = typeof options === 'string' ? { url: options, method: 'GET' } : options;
    return inject(options).then((res) => {
      const url = typeof request.url === 'string' ? request.url : String(request.url ?? '/');
      const answer: Answer = {
        method: String(request.method ?? 'GET').toUpperCase(),
        url,
        status: res.statusCode,
        headers: res.headers,
        body: res.rawPayload,
      };
      const result = checker.check(answer);
      if (result?.problems.length)
        throw new Error(describeProblems(answer, result.operation, result.problems));
      return res;
    });
  };
  (app as { inject: unknown }).inject = checked;
}
