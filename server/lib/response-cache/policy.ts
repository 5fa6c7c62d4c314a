import crypto from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

// What a cached answer may be kept for, and which of its headers are kept with it.

/** `max-age` of a Cache-Control that lets a shared cache keep the answer, else 0. */
export function sharedMaxAge(cacheControl: string): number {
  const value = cacheControl.toLowerCase();
  if (!/\bpublic\b/.test(value) || /\b(private|no-store|no-cache)\b/.test(value)) return 0;
  const age = /\b(?:s-maxage|max-age)=(\d+)/.exec(value)?.[1];
  return age ? Number(age) : 0;
}

/**
 * How long an answer may be kept, in seconds (0: not at all): a page for what its route asked
 * (`reply.cacheFor`), anything else for what its Cache-Control lets a shared cache keep, unless
 * it hands out a cookie; never longer than `longest`.
 */
export function secondsToKeep(reply: FastifyReply, pageSeconds: number | undefined, longest: number): number {
  if (reply.statusCode !== 200) return 0;
  const allowed =
    pageSeconds !== undefined
      ? pageSeconds
      : reply.hasHeader('set-cookie')
        ? 0
        : sharedMaxAge(String(reply.getHeader('cache-control') ?? ''));
  return Math.max(0, Math.min(allowed, longest));
}

/** Headers that belong to one response, never to the cached answer. */
const perResponse = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'set-cookie',
  'etag',
  'strict-transport-security',
  'vary',
  // each request's own id (server/lib/request-id.ts)
  'x-request-id',
]);

/**
 * The headers a cached answer is replayed with: the first answer's, less the per-response ones,
 * with its Vary once per name and a CSP that hands no visitor the first one's nonce.
 */
export function keptHeaders(reply: FastifyReply, body: Buffer): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !perResponse.has(name)) headers[name] = value;
  }
  // what the answer varies by, once each ('accept-encoding' is added by the compression as well)
  const vary = new Set(
    String(reply.getHeader('vary') ?? '')
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean),
  );
  if (vary.size) headers.vary = [...vary].join(', ');
  const csp = headers['content-security-policy'];
  if (typeof csp === 'string') {
    const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    headers['content-security-policy'] = cachedCsp(csp, html ? body.toString('utf8') : null);
  }
  return headers;
}

/** The `'sha256-…'` sources of every inline script of a page, for a Content-Security-Policy. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '') || !match[2]) continue;
    hashes.add(`'sha256-${crypto.createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The CSP of a cached answer: a page's inline scripts are allowed by their hashes instead of the
 * first visitor's nonce (a nonce must never be handed to two visitors); other answers run no
 * inline script, so they allow none.
 */
function cachedCsp(csp: string, html: string | null): string {
  const sources = html ? inlineScriptHashes(html).join(' ') : '';
  return csp.replace(/ 'nonce-[^']*'/, sources ? ` ${sources}` : '');
}
