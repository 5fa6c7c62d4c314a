import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/failures.js';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Fields the answer carries besides statusCode, error and message (what a client acts on). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** What a 503 tells the client: the database is back within seconds in most outages. */
export const retryAfterSeconds = 10;

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The name of the value a validation error is about (`document.phone`, `email`), or ''. */
export function validationName(first: NonNullable<FastifyError['validation']>[number]): string {
  return (
    first.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(first.params?.missingProperty ?? '')
  );
}

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const where = error.validationContext ?? 'request';
  const name = validationName(first);
  if (first.keyword === 'pattern' && name.endsWith('__in')) {
    return `${where} ${name} must be a comma-separated list of ids, e.g. 1,2,3`;
  }
  // Ajv says "must be equal to constant" without saying which: name the one value it takes.
  if (first.keyword === 'const')
    return `${where} ${name} must be ${JSON.stringify(first.params?.allowedValue)}`;
  return `${where}${name ? ` ${name}` : ''} ${first.message ?? 'is not valid'}`;
}

/** The status and JSON body an error is answered with. */
export interface ErrorAnswer {
  status: number;
  body: { statusCode: number; error: string; message: string; [field: string]: unknown };
}

/**
 * What an error is answered with, the same over HTTP and for the in-process reads of the page
 * loaders (server/lib/readers.ts): a client's mistake gets its 4xx status with a clear message; a
 * database that cannot be reached now gets a 503 (logged once per kind and minute: the database's
 * own failure log); anything else is logged with its details and answered with a bare 500.
 */
export function errorAnswer(app: FastifyInstance, error: FastifyError, log: FastifyBaseLogger): ErrorAnswer {
  let status = error.statusCode ?? 500;
  let message = error.message;
  if (error.validation) {
    status = 400;
    message = validationMessage(error);
  } else if (error instanceof HttpError) {
    status = error.statusCode;
  } else if (isDatabaseUnavailable(error)) {
    app.database.failures.note(error);
    status = 503;
    message = 'the database is unavailable for a moment: try again in a few seconds';
  } else if (status < 400 || status >= 500) {
    log.error({ err: { message: error.message, stack: error.stack, code: error.code } }, 'request failed');
    status = status >= 500 && status !== 500 ? status : 500;
    message = reasons[status] ?? 'Internal Server Error';
  }
  if (status === 429 && !error.validation) message ||= 'Too many requests, try again later';
  const extra = error instanceof HttpError ? error.extra : undefined;
  return { status, body: { statusCode: status, error: reasons[status] ?? 'Error', message, ...extra } };
}

/** One error handler for the whole server (errorAnswer); a 503 says when to come back. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = errorAnswer(app, error, request.log);
    if (status === 503) {
      void reply.header('retry-after', String(retryAfterSeconds)).header('cache-control', 'no-store');
    }
    void reply.status(status).send(body);
  });
}
