import crypto from 'node:crypto';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { compress, compressFrom, type Encoding, pickEncoding } from './encoding.js';

/** A header list as `writeHead` takes it: name, value, name, value, ... */
type HeaderList = (string | number | string[])[];

/** One encoding of a cached answer: its bytes and every header written with them. */
interface Variant {
  body: Buffer;
  headers: HeaderList;
}

/**
 * One cached answer: everything but the per-visitor headers. Each encoding's body and header list
 * is made on its first use and then written as it is: a hit copies nothing.
 */
export interface Entry {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
  /** It hands a visitor without one the XSRF cookie (a page). */
  xsrf: boolean;
  /** Until then (ms since the epoch) fresh; after it, served only while one request refreshes it. */
  freshUntil: number;
  variants: { identity?: Variant; br?: Variant; gzip?: Variant; notModified?: HeaderList };
}

export function createEntry(
  headers: OutgoingHttpHeaders,
  body: Buffer,
  options: { xsrf: boolean; seconds: number },
): Entry {
  const etag = `"${crypto.createHash('sha1').update(body).digest('base64')}"`;
  return {
    headers,
    body,
    etag,
    xsrf: options.xsrf,
    freshUntil: Date.now() + options.seconds * 1000,
    variants: {},
  };
}

function headerList(headers: OutgoingHttpHeaders, skip?: string): HeaderList {
  const list: HeaderList = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && name !== skip) list.push(name, value);
  }
  return list;
}

function makeVariant(entry: Entry, encoding: Encoding | null, body: Buffer): Variant {
  const headers = headerList(entry.headers);
  headers.push('etag', entry.etag);
  if (encoding) headers.push('content-encoding', encoding);
  headers.push('content-length', body.length);
  return { body, headers };
}

function variantOf(entry: Entry, encoding: Encoding | null): Variant {
  const name = encoding ?? 'identity';
  let variant = entry.variants[name];
  if (!variant) {
    variant = makeVariant(entry, encoding, encoding ? compress(entry.body, encoding) : entry.body);
    entry.variants[name] = variant;
  }
  return variant;
}

/**
 * Gives an entry the encodings its route compressed itself (off the event loop), so that a hit
 * never compresses a large body while every other request waits.
 */
export function addEncodings(entry: Entry, encoded: Partial<Record<Encoding, Buffer>>): void {
  for (const encoding of ['br', 'gzip'] as const) {
    const body = encoded[encoding];
    if (body) entry.variants[encoding] = makeVariant(entry, encoding, body);
  }
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** What one request asks of a cached answer, and the headers that are its own. */
export interface Ask {
  method: string;
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
  /** Per-visitor headers (HSTS, the XSRF cookie), as name, value, ...; null: none. */
  own: HeaderList | null;
}

/** The per-visitor headers of a hit: HSTS over HTTPS, a new visitor's XSRF cookie; null for none. */
export function ownHeaders(hsts: string | undefined, cookie: string | undefined): string[] | null {
  if (!hsts && !cookie) return null;
  const own: string[] = [];
  if (hsts) own.push('strict-transport-security', hsts);
  if (cookie) own.push('set-cookie', cookie);
  return own;
}

/**
 * Writes a cached answer: 304 for a matching If-None-Match, else the body in the asked encoding
 * (br, then gzip; none below `compressFrom`), no body for HEAD. Returns the status written.
 */
export function writeEntry(res: ServerResponse, entry: Entry, ask: Ask): number {
  if (etagMatches(ask.ifNoneMatch, entry.etag)) {
    if (!entry.variants.notModified) {
      entry.variants.notModified = headerList(entry.headers, 'content-type');
      entry.variants.notModified.push('etag', entry.etag);
    }
    const headers = entry.variants.notModified;
    res.writeHead(304, ask.own ? headers.concat(ask.own) : headers);
    res.end();
    return 304;
  }
  const encoding = entry.body.length >= compressFrom ? pickEncoding(ask.acceptEncoding) : null;
  const variant = variantOf(entry, encoding);
  res.writeHead(200, ask.own ? variant.headers.concat(ask.own) : variant.headers);
  res.end(ask.method === 'HEAD' ? undefined : variant.body);
  return 200;
}
