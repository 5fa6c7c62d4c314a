import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { baseUrl } from './browser.js';

// Mail the e2e portal sends: with no SMTP_URL it writes every mail as an .eml file to
// DATA_DIR/outbox (tests/setup/global-setup.ts provides the folder as E2E_DATA_DIR).

export interface Mail {
  file: string;
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  /** The decoded text body. */
  text: string;
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A single-part text mail as nodemailer writes it. */
export function parseEml(file: string, raw: string): Mail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  return { file, headers, text: decodeBody(body, encoding) };
}

export function outboxDir(): string {
  const dir = inject('E2E_DATA_DIR');
  if (!dir) throw new Error('E2E_DATA_DIR is not provided (see tests/setup/global-setup.ts)');
  return path.join(dir, 'outbox');
}

/** Every mail in the outbox so far. */
export function outbox(): Mail[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseEml(f, fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** Waits for a mail that `match`es (the portal sends right after the commit, asynchronously). */
export async function waitForMail(match: (mail: Mail) => boolean, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = outbox().find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching mail in ${outboxDir()} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The mail sent to `address` (its To header). */
export const mailTo = (address: string) => (mail: Mail) =>
  (mail.headers.to ?? '').toLowerCase().includes(address.toLowerCase());

/** The token of the unsubscribe link in a welcome mail. */
export function unsubscribeToken(mail: Mail): string {
  const link = /\/unsubscribe\?token=([A-Za-z0-9._~%-]+)/.exec(mail.text);
  if (!link?.[1]) throw new Error(`no unsubscribe link in ${mail.file}`);
  return decodeURIComponent(link[1]);
}

/** The XSRF pair a visitor has: the cookie a page response sets, echoed in the header. */
export async function xsrfPair(): Promise<{ cookie: string; header: string }> {
  const res = await fetch(`${baseUrl()}/news/list`);
  await res.arrayBuffer();
  const set = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
  if (!set) throw new Error('the page response set no XSRF-TOKEN cookie');
  const cookie = set.split(';')[0] ?? '';
  return { cookie, header: cookie.slice('XSRF-TOKEN='.length) };
}

/** A POST with the XSRF pair, as the web client sends it. */
export async function postJson(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const xsrf = await xsrfPair();
  return fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: xsrf.cookie,
      'x-xsrf-token': xsrf.header,
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/** Subscribes `email` through the API and returns the token of its unsubscribe link. */
export async function subscribeByApi(email: string, lang = 'ru'): Promise<string> {
  const res = await postJson('/api/auth/subscribe/', { email }, { 'accept-language': lang });
  if (res.status !== 201)
    throw new Error(`POST /api/auth/subscribe/ answered ${res.status}: ${await res.text()}`);
  return unsubscribeToken(await waitForMail(mailTo(email)));
}

/** An address no other test uses. */
export const uniqueEmail = (tag: string) =>
  `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;
