import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a proxy sends its request's id in, and the answer carries back. */
export const requestIdHeader = 'x-request-id';

/**
 * What an id from outside may be: the characters of a UUID, a hex string or nginx's
 * `$request_id`, up to 128 of them. Anything else (spaces, quotes, a line break, a kilobyte) would
 * let a client write into the log lines or the headers, so it is replaced, not cut.
 */
const acceptedId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the proxy's (`X-Request-Id`), so that its log and ours can be joined,
 * when it is well formed; otherwise a new one.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[requestIdHeader];
  return typeof given === 'string' && acceptedId.test(given) ? given : randomUUID();
}
