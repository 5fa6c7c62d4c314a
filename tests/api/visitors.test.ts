import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { maskEmail, maskPhone, maskUrl } from '../../server/lib/mask.js';
import { forgetUnconfirmed } from '../../server/modules/visitors/repository.js';
import { prepareDatabase } from '../../server/start.js';
import {
  copySeededPglite,
  createTestApp,
  databaseKinds,
  freshDatabase,
  type TestApp,
} from '../helpers/app.js';
import { xsrfPair } from '../helpers/http.js';
import { fakeSmtp, mailText, readOutbox } from '../helpers/mail.js';

let addressSeq = 0;
/** A fresh client address per use, so that rate limits of one test do not touch another. */
const newAddress = () => `10.${process.pid % 250}.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`;

/** The XSRF pair as a browser gets it: the cookie from any response, echoed in the header. */
async function post(
  app: FastifyInstance,
  url: string,
  body: unknown,
  opts: { headers?: Record<string, string>; address?: string; raw?: boolean } = {},
) {
  const headers = { 'content-type': 'application/json', ...(await xsrfPair(app)), ...opts.headers };
  const res = await app.inject({
    method: 'POST',
    url,
    headers,
    remoteAddress: opts.address ?? newAddress(),
    payload: opts.raw ? (body as string) : JSON.stringify(body),
  });
  let json: any;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, body: json, text: res.body };
}

/** An error answer: JSON, no stack trace, no SQL. */
function expectCleanError(r: { status: number; text: string; body: any }, status: number, message?: RegExp) {
  expect(r.status, r.text).toBe(status);
  expect(r.body).toMatchObject({ statusCode: status });
  if (message) expect(r.body.message).toMatch(message);
  expect(r.text).not.toMatch(/\bat .+:\d+:\d+|node_modules|select |insert into|violates/i);
}

/** The headers of a raw mail and its body (quoted-printable or base64 decoded), to search them. */
describe('masking', () => {
  it('keeps only the first and last letters of an address and the last two digits of a phone', () => {
    expect(maskEmail('ivan.petrov@mail.ru')).toBe('i***v@mail.ru');
    expect(maskEmail('ab@x.org')).toBe('a***@x.org');
    expect(maskEmail('nonsense')).toBe('***');
    expect(maskPhone('+7 (921) 123-45-67')).toBe('***67');
    expect(maskPhone('12')).toBe('***');
  });

  it('hides the unsubscribe token (and any address) in logged URLs', () => {
    expect(maskUrl('/unsubscribe?token=abc123&lng=en')).toBe('/unsubscribe?token=***&lng=en');
    expect(maskUrl('/x?lng=en&TOKEN=abc#top')).toBe('/x?lng=en&TOKEN=***#top');
    expect(maskUrl('/api/news/?email=a@b.c')).toBe('/api/news/?email=***');
    expect(maskUrl('/attractions/list?search=token')).toBe('/attractions/list?search=token');
  });
});

describe('configuration of mail, proxies and limits', () => {
  it('refuses wrong values with a message naming the variable', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ FEEDBACK_TO: 'staff@' })).toThrow(/FEEDBACK_TO/);
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ FEEDBACK_RATE_LIMIT: '0' })).toThrow(/FEEDBACK_RATE_LIMIT/);
    const ok = loadConfig({
      SMTP_URL: 'smtps://user:pw@mail.example.org:465',
      MAIL_FROM: 'Портал <noreply@example.org>',
      FEEDBACK_TO: 'staff@example.org',
      REDIS_URL: 'redis://127.0.0.1:6379',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    });
    expect(ok).toMatchObject({ feedbackTo: 'staff@example.org', trustProxy: '10.0.0.0/8, 127.0.0.1' });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({}).mailFrom).toMatch(/<noreply@localhost>$/);
  });
});

describe.each(databaseKinds)('visitor writes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const feedbackRows = () => t.database.db.selectFrom('feedback').selectAll().orderBy('id').execute();

  describe('XSRF', () => {
    // Pages set it too: tests/e2e/http-edges.test.ts.
    it('sets the XSRF-TOKEN cookie on an /api/auth/ answer to a visitor without one, readable by scripts', async () => {
      for (const url of ['/api/auth/subscribe/toggle/']) {
        const r = await t.app.inject({ url });
        const cookie = String(r.headers['set-cookie']);
        expect(cookie, url).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax$/);
        expect(cookie).not.toMatch(/HttpOnly/i);
        expect(r.headers['cache-control'] ?? 'private', url).toMatch(/private|no-store/);
      }
      const a = await xsrfPair(t.app);
      const b = await xsrfPair(t.app);
      expect(a.cookie).not.toBe(b.cookie);
      const again = await t.app.inject({
        url: '/api/auth/subscribe/toggle/',
        headers: { cookie: a.cookie as string },
      });
      expect(again.headers['set-cookie']).toBeUndefined();
      const https = await t.app.inject({
        url: '/api/auth/subscribe/toggle/',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(String(https.headers['set-cookie'])).not.toMatch(/Secure/); // not behind a trusted proxy
    });

    it('never sets it on the publicly cached content API, pictures, translations, robots.txt or sitemaps', async () => {
      for (const url of [
        '/api/news/',
        '/api/nope/',
        '/locales/ru/translation.json',
        '/robots.txt',
        '/sitemap.xml',
      ]) {
        const r = await t.app.inject({ url });
        expect(r.headers['set-cookie'], url).toBeUndefined();
      }
      expect((await t.app.inject({ url: '/api/news/' })).headers['cache-control']).toMatch(/^public/);
    });

    it('refuses a POST without the pair, or with a header that differs from the cookie, with 403 JSON', async () => {
      const pair = await xsrfPair(t.app);
      const cases: Record<string, string>[] = [
        { cookie: '', 'x-xsrf-token': '' },
        { 'x-xsrf-token': pair['x-xsrf-token'] as string, cookie: '' },
        { cookie: pair.cookie as string, 'x-xsrf-token': '' },
        { cookie: pair.cookie as string, 'x-xsrf-token': 'A'.repeat(43) },
        { cookie: 'XSRF-TOKEN=short', 'x-xsrf-token': 'short' },
      ];
      for (const headers of cases) {
        for (const url of ['/api/auth/feedback/', '/api/auth/subscribe/', '/api/auth/unsubscribe/']) {
          const r = await post(t.app, url, { message: 'hi', email: 'a@b.ru', token: 'x' }, { headers });
          expectCleanError(r, 403, /XSRF/);
        }
      }
      expect(await feedbackRows()).toHaveLength(0);
      // GETs need no token; unknown routes stay 404 whatever the method
      expect((await t.app.inject({ url: '/api/auth/subscribe/toggle/' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/api/nope/' })).statusCode).toBe(404);
    });
  });

  describe('feedback', () => {
    it('stores a message with its time, language and page, and answers 201 with its id once committed', async () => {
      const before = Date.now();
      const r = await post(
        t.app,
        '/api/auth/feedback/',
        {
          name: 'Иван Петров',
          phone: '+7 921 123-45-67',
          email: 'ivan@mail.ru',
          message: 'Добрый день!\nКак добраться до Выборга?',
          page: '/routes/list',
        },
        { headers: { 'accept-language': 'en-GB,en;q=0.9' } },
      );
      expect(r.status, r.text).toBe(201);
      expect(r.body).toEqual({ id: expect.any(Number) });
      const row = await t.database.db
        .selectFrom('feedback')
        .selectAll()
        .where('id', '=', r.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        name: 'Иван Петров',
        phone: '+7 921 123-45-67',
        email: 'ivan@mail.ru',
        message: 'Добрый день!\nКак добраться до Выборга?',
        lang: 'en',
        page: '/routes/list',
      });
      expect(new Date(row.created_at).getTime()).toBeGreaterThan(before - 5000);

      // only the message is needed; the page defaults to the Referer, the language to ru
      const bare = await post(
        t.app,
        '/api/auth/feedback/',
        { name: '', phone: '', email: '', message: 'Просто спасибо' },
        { headers: { referer: 'http://portal.test/news/list' } },
      );
      expect(bare.status).toBe(201);
      const second = await t.database.db
        .selectFrom('feedback')
        .selectAll()
        .where('id', '=', bare.body.id)
        .executeTakeFirstOrThrow();
      expect(second).toMatchObject({ lang: 'ru', page: 'http://portal.test/news/list', email: '' });
    });

    it.each([
      [{}, /body message must have required property 'message'/],
      [{ message: '' }, /body message is required/],
      [{ message: '   \n\t ' }, /body message is required/],
      [{ message: 'x'.repeat(5001) }, /body message must NOT have more than 5000 characters/],
      [{ message: 'x', name: 'я'.repeat(201) }, /body name must NOT have more than 200 characters/],
      [{ message: 'x', phone: '1'.repeat(51) }, /body phone must NOT have more than 50 characters/],
      [{ message: 'x', email: `${'a'.repeat(250)}@b.ru` }, /body email must NOT have more than 254/],
      [{ message: 'x', email: 'not an address' }, /body email is not a valid email address/],
      [{ message: 'x', email: 'a@b' }, /body email is not a valid email address/],
      [{ message: 'x', email: 'a@b.ru\r\nBcc: x@y.ru' }, /body email is not a valid email address/],
      [{ message: ['a', 'b'] }, /body message must be string/],
      [{ message: { a: 1 } }, /body message must be string/],
    ])('%j is a 400 naming the field', async (body, message) => {
      const r = await post(t.app, '/api/auth/feedback/', body);
      if (r.status === 201) throw new Error(`accepted ${JSON.stringify(body)}`);
      expectCleanError(r, 400, message);
    });

    it('refuses bodies that are not a JSON object: 400 malformed, 413 too big, 415 other types', async () => {
      for (const raw of [
        '{"message": "x"',
        'null',
        '[]',
        '"text"',
        '42',
        '{"__proto__": {"x": 1}, "message": "x"}',
      ]) {
        const r = await post(t.app, '/api/auth/feedback/', raw, { raw: true });
        expectCleanError(r, 400);
      }
      const empty = await post(t.app, '/api/auth/feedback/', '', { raw: true });
      expectCleanError(empty, 400);
      const big = await post(t.app, '/api/auth/feedback/', { message: 'я'.repeat(9000) });
      expectCleanError(big, 413);
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
      ]) {
        const r = await post(t.app, '/api/auth/feedback/', 'message=x', {
          raw: true,
          headers: { 'content-type': type },
        });
        expectCleanError(r, 415, /application\/json/);
      }
      const none = await t.app.inject({
        method: 'POST',
        url: '/api/auth/feedback/',
        headers: await xsrfPair(t.app),
        remoteAddress: newAddress(),
        payload: Buffer.from('{"message":"x"}'),
      });
      expect(none.statusCode).toBe(415);
    });

    it('keeps control characters (NUL) out of the database instead of failing', async () => {
      const r = await post(t.app, '/api/auth/feedback/', { name: 'A\u0000B', message: 'x\u0000y\u0007z\nw' });
      expect(r.status, r.text).toBe(201);
      const row = await t.database.db
        .selectFrom('feedback')
        .select(['name', 'message'])
        .where('id', '=', r.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ name: 'AB', message: 'xyz\nw' });
    });

    it('answers a filled honeypot like a success and stores nothing', async () => {
      const before = (await feedbackRows()).length;
      const r = await post(t.app, '/api/auth/feedback/', { message: 'cheap pills', website: 'http://spam' });
      expect(r.status).toBe(201);
      expect(r.body).toHaveProperty('id');
      expect(await feedbackRows()).toHaveLength(before);
    });

    it('limits each address to 5 messages a minute: 429 with Retry-After', async () => {
      const address = newAddress();
      for (let i = 0; i < 5; i++) {
        expect((await post(t.app, '/api/auth/feedback/', { message: `m${i}` }, { address })).status).toBe(
          201,
        );
      }
      const r = await post(t.app, '/api/auth/feedback/', { message: 'one more' }, { address });
      expectCleanError(r, 429);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post(t.app, '/api/auth/feedback/', { message: 'other' })).status).toBe(201);
    });
  });

  describe('newsletter', () => {
    const subscribers = (email: string) =>
      t.database.db
        .selectFrom('subscribers')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .execute();
    const outbox = async () => {
      await t.app.mail.processDue();
      return (await readOutbox(t.dataDir)).map(mailText);
    };

    it('subscribes an address once (case-insensitively), pending its confirmation by the link of the mail (double opt-in)', async () => {
      const before = (await outbox()).length;
      const r = await post(
        t.app,
        '/api/auth/subscribe/',
        { email: ' Maria.Ivanova@Example.org ' },
        { headers: { 'accept-language': 'en' } },
      );
      expect(r.status, r.text).toBe(201);
      expect(r.body).toEqual({ email: 'Maria.Ivanova@Example.org' });
      const rows = await subscribers('maria.ivanova@example.org');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ lang: 'en', unsubscribed_at: null, confirmed_at: null });
      const token = rows[0]?.token as string;
      // before the confirmation, subscribing again sends the link again (a lost mail)
      expect((await post(t.app, '/api/auth/subscribe/', { email: 'maria.ivanova@example.org' })).status).toBe(
        201,
      );
      expect(await subscribers('maria.ivanova@example.org')).toHaveLength(1);
      const mails = (await outbox()).slice(before);
      expect(mails).toHaveLength(2);
      expect(mails[0]).toContain(`http://portal.test/subscribe/confirm?token=${token}&lng=en`);
      expect(mails[0]).toContain(`http://portal.test/unsubscribe?token=${token}&lng=en`);
      expect(mails[0]).toMatch(/To: Maria\.Ivanova@example\.org/i);
      expect(mails[0]).toMatch(/List-Unsubscribe:\s+<http:\/\/portal\.test\/unsubscribe\?token=/);
      expect(mails[0]).toMatch(/confirm the subscription/);
      expect(mails[0]).toMatch(/within 7 days/);

      const confirmed = await post(t.app, '/api/auth/subscribe/confirm/', { token });
      expect(confirmed.status, confirmed.text).toBe(200);
      expect(confirmed.body).toEqual({ status: 'confirmed', email: 'M***a@Example.org' });
      expect((await subscribers('maria.ivanova@example.org'))[0]?.confirmed_at).not.toBeNull();
      const again = await post(t.app, '/api/auth/subscribe/confirm/', { token });
      expect(again.body.status).toBe('already-confirmed');
      // confirmed: subscribing again mails nothing
      const count = (await outbox()).length;
      expect((await post(t.app, '/api/auth/subscribe/', { email: 'MARIA.ivanova@example.org' })).status).toBe(
        201,
      );
      expect((await outbox()).length).toBe(count);
      expectCleanError(
        await post(t.app, '/api/auth/subscribe/confirm/', { token: 'x'.repeat(43) }),
        404,
        /unknown/,
      );
      expectCleanError(await post(t.app, '/api/auth/subscribe/confirm/', {}), 400, /token/);
    });

    it('forgets an address left unconfirmed for 7 days, never a confirmed one', async () => {
      await post(t.app, '/api/auth/subscribe/', { email: 'late@example.org' });
      await post(t.app, '/api/auth/subscribe/', { email: 'kept.old@example.org' });
      const [kept] = await subscribers('kept.old@example.org');
      await post(t.app, '/api/auth/subscribe/confirm/', { token: kept?.token });
      await t.database.db
        .updateTable('subscribers')
        .set({ created_at: new Date(Date.now() - 8 * 86_400_000) })
        .where('email', 'in', ['late@example.org', 'kept.old@example.org'])
        .execute();
      expect(await forgetUnconfirmed(t.database.db)).toBe(1);
      expect(await subscribers('late@example.org')).toHaveLength(0);
      expect(await subscribers('kept.old@example.org')).toHaveLength(1);
    });

    it('unsubscribes by token (masked address), 410 for a used token, 404 for an unknown one; re-subscribing starts afresh', async () => {
      await post(t.app, '/api/auth/subscribe/', { email: 'petr@example.org' });
      const [row] = await subscribers('petr@example.org');
      const token = row?.token as string;
      const r = await post(t.app, '/api/auth/unsubscribe/', { token });
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual({ status: 'unsubscribed', email: 'p***r@example.org' });
      expect((await subscribers('petr@example.org'))[0]?.unsubscribed_at).not.toBeNull();
      expectCleanError(await post(t.app, '/api/auth/unsubscribe/', { token }), 410, /already been used/);
      expectCleanError(
        await post(t.app, '/api/auth/unsubscribe/', { token: 'x'.repeat(43) }),
        404,
        /unknown/,
      );
      expectCleanError(await post(t.app, '/api/auth/unsubscribe/', { token: '' }), 400, /token/);
      expectCleanError(await post(t.app, '/api/auth/unsubscribe/', {}), 400, /token/);

      const before = (await outbox()).length;
      expect((await post(t.app, '/api/auth/subscribe/', { email: 'PETR@example.org' })).status).toBe(201);
      const rows = await subscribers('petr@example.org');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ unsubscribed_at: null, confirmed_at: null });
      const fresh = rows[0]?.token as string;
      expect(fresh).not.toBe(token);
      const mails = (await outbox()).slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`subscribe/confirm?token=${fresh}`);
      // the old mails' links do nothing any more
      expect((await post(t.app, '/api/auth/unsubscribe/', { token })).status).toBe(404);
      expect((await post(t.app, '/api/auth/unsubscribe/', { token: fresh })).status).toBe(200);
    });

    it('the confirmation mail offers one-click unsubscription (RFC 8058): List-Unsubscribe is the link, List-Unsubscribe-Post says One-Click', async () => {
      const before = (await outbox()).length;
      await post(
        t.app,
        '/api/auth/subscribe/',
        { email: 'headers@example.org' },
        { headers: { 'accept-language': 'zh' } },
      );
      const [mail] = (await outbox()).slice(before);
      const head = (mail as string)
        .slice(0, (mail as string).search(/\r?\n\r?\n/))
        .replace(/\r?\n[ \t]+/g, ' ');
      const token = (await subscribers('headers@example.org'))[0]?.token as string;
      const link = `http://portal.test/unsubscribe?token=${token}&lng=zh`;
      expect(head).toMatch(/^List-Unsubscribe: <(.+)>$/m);
      expect(/^List-Unsubscribe: <(.+)>$/m.exec(head)?.[1]).toBe(link);
      expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      // The same link is in the text, for people.
      expect(mail).toContain(link);
    });

    describe('one-click unsubscription (RFC 8058) at the link', () => {
      const linkOf = async (email: string) => {
        await post(t.app, '/api/auth/subscribe/', { email });
        const token = (await subscribers(email))[0]?.token as string;
        return { token, path: `/unsubscribe?token=${encodeURIComponent(token)}` };
      };
      /** What a mail client sends: no cookie, no XSRF header, the header's key/value pair as a form. */
      const oneClick = (
        path: string,
        payload = 'List-Unsubscribe=One-Click',
        type = 'application/x-www-form-urlencoded',
      ) =>
        t.app
          .inject({
            method: 'POST',
            url: path,
            headers: { 'content-type': type },
            payload,
            remoteAddress: newAddress(),
          })
          .then((r) => ({ status: r.statusCode, headers: r.headers, body: r.json(), text: r.body }));
      const active = async (email: string) => (await subscribers(email))[0]?.unsubscribed_at === null;

      it('a GET (or HEAD) of the link changes nothing; the one-click POST unsubscribes, and again is a friendly 200', async () => {
        const { path } = await linkOf('one-click@example.org');
        for (const method of ['GET', 'HEAD', 'GET'] as const) {
          await t.app.inject({ method, url: path, remoteAddress: newAddress() });
          await t.app.inject({ method, url: `${path}&lng=en`, remoteAddress: newAddress() });
        }
        expect(await active('one-click@example.org')).toBe(true);

        const r = await oneClick(`${path}&lng=en`);
        expect(r.status, r.text).toBe(200);
        expect(r.body).toEqual({ status: 'unsubscribed', email: 'o***k@example.org' });
        expect(r.headers['set-cookie']).toBeUndefined();
        expect(await active('one-click@example.org')).toBe(false);

        const again = await oneClick(path);
        expect(again.status, again.text).toBe(200);
        expect(again.body).toEqual({ status: 'already-unsubscribed', email: 'o***k@example.org' });
      });

      it('takes the body as multipart/form-data too, the form encoding RFC 8058 prefers', async () => {
        const { path } = await linkOf('multipart@example.org');
        const boundary = '----portal-test-boundary';
        const body =
          `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\n` +
          `One-Click\r\n--${boundary}--\r\n`;
        const r = await oneClick(path, body, `multipart/form-data; boundary=${boundary}`);
        expect(r.status, r.text).toBe(200);
        expect(r.body).toMatchObject({ status: 'unsubscribed' });
        expect(await active('multipart@example.org')).toBe(false);
      });

      it('answers a bad or unknown token, another body or another media type with a clear 4xx, and changes nothing', async () => {
        const { token, path } = await linkOf('kept@example.org');
        expectCleanError(await oneClick('/unsubscribe'), 400, /token/);
        expectCleanError(await oneClick('/unsubscribe?token='), 400, /token/);
        expectCleanError(await oneClick('/unsubscribe?token=%20%20'), 400, /token/);
        expectCleanError(await oneClick(`/unsubscribe?token=${'x'.repeat(201)}`), 400, /token/);
        expectCleanError(await oneClick('/unsubscribe?token=no-such-token-0123456789'), 404, /unknown/);
        expectCleanError(await oneClick(path, 'List-Unsubscribe=Yes'), 400, /List-Unsubscribe.*One-Click/);
        expectCleanError(await oneClick(path, ''), 400, /List-Unsubscribe/);
        expectCleanError(await oneClick(path, 'unsubscribe=1'), 400, /List-Unsubscribe/);
        expectCleanError(await oneClick(path, '--x\r\nbroken', 'multipart/form-data; boundary=y'), 400);
        expectCleanError(
          await oneClick(path, JSON.stringify({ token }), 'application/json'),
          415,
          /x-www-form-urlencoded/,
        );
        expect(await active('kept@example.org')).toBe(true);
        // The exemption from the XSRF pair is the link's alone: the JSON endpoint still wants it.
        const json = await t.app.inject({
          method: 'POST',
          url: '/api/auth/unsubscribe/',
          headers: { 'content-type': 'application/json' },
          payload: { token },
          remoteAddress: newAddress(),
        });
        expect(json.statusCode).toBe(403);
        expect(await active('kept@example.org')).toBe(true);
      });
    });

    it.each([
      [{}, /body email must have required property 'email'|email is required/],
      [{ email: '' }, /body email is required/],
      [{ email: 'no-at-sign' }, /body email is not a valid email address/],
      [{ email: 'two@@at.ru' }, /body email is not a valid email address/],
      [{ email: 'a b@c.ru' }, /body email is not a valid email address/],
      [{ email: `${'a'.repeat(250)}@b.ru` }, /body email must NOT have more than 254/],
    ])('%j is a 400 naming email', async (body, message) => {
      expectCleanError(await post(t.app, '/api/auth/subscribe/', body), 400, message);
    });

    it('limits each address to 10 subscriptions an hour, and ignores a filled honeypot', async () => {
      const address = newAddress();
      for (let i = 0; i < 10; i++) {
        const r = await post(t.app, '/api/auth/subscribe/', { email: `rl${i}@example.org` }, { address });
        expect(r.status).toBe(201);
      }
      const r = await post(t.app, '/api/auth/subscribe/', { email: 'rl10@example.org' }, { address });
      expectCleanError(r, 429);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(60);
      const bot = await post(t.app, '/api/auth/subscribe/', { email: 'bot@example.org', website: 'x' });
      expect(bot.status).toBe(201);
      expect(await subscribers('bot@example.org')).toHaveLength(0);
    });

    it('handles the same address sent many times at once as one subscriber', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          post(t.app, '/api/auth/subscribe/', { email: i % 2 ? 'race@example.org' : 'RACE@example.org' }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
      expect(await subscribers('race@example.org')).toHaveLength(1);
    });
  });

  describe('security headers', () => {
    it('sends a CSP, nosniff, a referrer policy and frame-ancestors none on every response, HSTS only over a trusted HTTPS proxy', async () => {
      for (const url of ['/api/news/', '/api/nope/', '/media/x/1.jpg', '/api/docs/json']) {
        const r = await t.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
        const csp = String(r.headers['content-security-policy']);
        expect(csp, url).toMatch(/default-src 'self'/);
        expect(csp).toMatch(/frame-ancestors 'none'/);
        expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
        expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org/);
        expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
        expect(r.headers['x-content-type-options']).toBe('nosniff');
        expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(r.headers['strict-transport-security']).toBeUndefined();
      }
      const post403 = await t.app.inject({ method: 'POST', url: '/api/auth/feedback/' });
      expect(post403.headers['content-security-policy']).toBeTruthy();
    });

    it('puts the response nonce on every script tag of an HTML page', async () => {
      const r = await t.app.inject({ url: '/api/docs/' });
      expect(r.statusCode).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(String(r.headers['content-security-policy']))?.[1];
      const tags = r.body.match(/<script[^>]*>/g) ?? [];
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    });

    it('allows the badge host and the tile host of the configuration; HSTS and Secure cookies behind a trusted proxy', async () => {
      const other = await createTestApp('pglite', {
        BADGE_SCRIPT_URL: 'https://widgets.example.com/badge.js',
        MAP_TILE_URL: 'https://{s}.tiles.example.net/{z}/{x}/{y}.png',
        TRUST_PROXY: 'true',
      });
      try {
        const r = await other.app.inject({ url: '/api/news/', headers: { 'x-forwarded-proto': 'https' } });
        const csp = String(r.headers['content-security-policy']);
        expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/widgets\.example\.com;/);
        expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/\*\.tiles\.example\.net;/);
        expect(r.headers['strict-transport-security']).toMatch(/max-age=\d+/);
        const toggle = await other.app.inject({
          url: '/api/auth/subscribe/toggle/',
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(String(toggle.headers['set-cookie'])).toMatch(/; Secure/);
        const plain = await other.app.inject({ url: '/api/news/' });
        expect(plain.headers['strict-transport-security']).toBeUndefined();
        // behind the proxy the limits count the visitor's address, not the proxy's
        const pair = await xsrfPair(other.app);
        const send = (ip: string) =>
          other.app.inject({
            method: 'POST',
            url: '/api/auth/feedback/',
            headers: { ...pair, 'content-type': 'application/json', 'x-forwarded-for': ip },
            payload: { message: 'x' },
          });
        for (let i = 0; i < 5; i++) expect((await send('203.0.113.7')).statusCode).toBe(201);
        expect((await send('203.0.113.7')).statusCode).toBe(429);
        expect((await send('203.0.113.8')).statusCode).toBe(201);
      } finally {
        await other.close();
      }
    });
  });
});

describe('mail through SMTP', () => {
  const smtp = fakeSmtp();
  let t: TestApp;
  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp('pglite', {
      SMTP_URL: `smtp://127.0.0.1:${smtp.state.port}`,
      FEEDBACK_TO: 'staff@portal.test',
      MAIL_FROM: 'Портал <noreply@portal.test>',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });
  const queue = () => t.database.db.selectFrom('mail_queue').selectAll().orderBy('id').execute();

  it('mails the confirmation link and the feedback copy for the staff (Reply-To the visitor)', async () => {
    expect((await post(t.app, '/api/auth/subscribe/', { email: 'smtp@example.org' })).status).toBe(201);
    expect(
      (
        await post(t.app, '/api/auth/feedback/', {
          name: 'Олег',
          email: 'oleg@example.org',
          message: 'Вопрос',
        })
      ).status,
    ).toBe(201);
    await t.app.mail.processDue();
    const mails = smtp.received.map(mailText);
    expect(mails.some((m) => /To: smtp@example\.org/.test(m) && /unsubscribe\?token=/.test(m))).toBe(true);
    const staff = mails.find((m) => /To: staff@portal\.test/.test(m));
    expect(staff).toMatch(/Reply-To: oleg@example\.org/);
    expect(staff).toContain('Вопрос');
    expect((await queue()).every((m) => m.sent_at !== null)).toBe(true);
  });

  it('keeps the subscription and retries the mail with a growing delay while the SMTP server fails', async () => {
    smtp.state.failing = true;
    const sentBefore = smtp.received.length;
    const r = await post(t.app, '/api/auth/subscribe/', { email: 'later@example.org' });
    expect(r.status).toBe(201);
    await t.app.mail.processDue();
    const subscriber = await t.database.db
      .selectFrom('subscribers')
      .select('email')
      .where('email', '=', 'later@example.org')
      .executeTakeFirst();
    expect(subscriber).toBeTruthy();
    const pending = () => queue().then((q) => q.find((m) => m.recipient === 'later@example.org'));
    let mail = await pending();
    expect(mail).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(mail?.last_error).toBeTruthy();
    const firstDelay = new Date(mail?.next_attempt_at as Date).getTime() - Date.now();
    expect(firstDelay).toBeGreaterThan(20_000);
    // not due yet: nothing happens
    await t.app.mail.processDue();
    expect((await pending())?.attempts).toBe(1);
    // due again, still failing: the delay doubles
    await t.database.db
      .updateTable('mail_queue')
      .set({ next_attempt_at: new Date(0) })
      .execute();
    await t.app.mail.processDue();
    mail = await pending();
    expect(mail?.attempts).toBe(2);
    expect(new Date(mail?.next_attempt_at as Date).getTime() - Date.now()).toBeGreaterThan(firstDelay * 1.5);
    // the server is back: the mail goes out
    smtp.state.failing = false;
    await t.database.db
      .updateTable('mail_queue')
      .set({ next_attempt_at: new Date(0) })
      .execute();
    await t.app.mail.processDue();
    expect((await pending())?.sent_at).not.toBeNull();
    expect(smtp.received.slice(sentBefore).some((m) => m.includes('later@example.org'))).toBe(true);
  });
});

describe('rate limits shared through Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let redisUp = false;
  beforeAll(async () => {
    redisUp = await new Promise<boolean>((resolve) => {
      const s = net.connect(6379, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
  });

  it('counts the requests of one address across two portal processes', async (ctx) => {
    if (!redisUp) ctx.skip();
    const a = await createTestApp('pglite', { REDIS_URL: redisUrl });
    const b = await createTestApp('pglite', { REDIS_URL: redisUrl });
    try {
      const address = `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await post(i % 2 ? b.app : a.app, '/api/auth/feedback/', { message: `r${i}` }, { address });
        statuses.push(r.status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('keeps the forms working when Redis is unreachable', async () => {
    const t = await createTestApp('pglite', { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      expect((await post(t.app, '/api/auth/feedback/', { message: 'still here' })).status).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe.each(databaseKinds)('npm run export on %s', (kind) => {
  const run = promisify(execFile);
  it('writes feedback and subscribers as CSV to stdout or --out', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-export-'));
    const fresh = kind === 'postgres' ? await freshDatabase('postgres') : undefined;
    // A migrated embedded database to start from spares creating one (most of this test's time).
    if (!fresh) await copySeededPglite(path.join(dataDir, 'pglite'));
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: fresh?.url ?? '',
      SEED_ON_START: 'false',
    };
    try {
      const config = loadConfig(env);
      const database = fresh?.database ?? (await prepareDatabase(config));
      if (fresh) await (await import('../../server/db/migrate.js')).migrateToLatest(database.db);
      await database.db
        .insertInto('feedback')
        .values([
          {
            name: 'Анна',
            phone: '+7 900',
            email: 'a@b.ru',
            message: 'Строка 1\n"кавычки", запятая',
            lang: 'ru',
            page: '/',
          },
          { name: '=cmd()', phone: '', email: '', message: 'plain', lang: 'en', page: null },
        ])
        .execute();
      await database.db
        .insertInto('subscribers')
        .values([
          { email: 'x@y.ru', lang: 'ru', token: 't1' },
          { email: 'z@y.ru', lang: 'zh', token: 't2', unsubscribed_at: new Date() },
        ])
        .execute();
      if (!fresh) await database.close();
      const tsx = path.resolve('node_modules/.bin/tsx');
      const { stdout } = await run(tsx, ['scripts/export.ts', 'feedback'], { env });
      const lines = stdout.split('\r\n');
      expect(lines[0]).toBe('id,created_at,lang,page,name,phone,email,message');
      expect(lines[1]).toMatch(
        /^1,\d{4}-\d\d-\d\dT[^,]+,ru,\/,Анна,'\+7 900,a@b\.ru,"Строка 1\n""кавычки"", запятая"$/,
      );
      expect(lines[2]).toMatch(/^2,[^,]+,en,,'=cmd\(\),,,plain$/);
      const out = path.join(dataDir, 'subscribers.csv');
      await run(tsx, ['scripts/export.ts', 'subscribers', '--out', out], { env });
      const csv = (await fs.readFile(out, 'utf8')).trim().split('\r\n');
      expect(csv[0]).toBe('id,email,lang,status,created_at,unsubscribed_at');
      expect(csv[1]).toMatch(/^1,x@y\.ru,ru,active,[^,]+,$/);
      expect(csv[2]).toMatch(/^2,z@y\.ru,zh,unsubscribed,[^,]+,\d{4}-/);
      await expect(run(tsx, ['scripts/export.ts', 'nonsense'], { env })).rejects.toMatchObject({ code: 2 });
    } finally {
      await fresh?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
    // Three runs of the command, each a new process that compiles the script with tsx: about 10 s
    // each on a loaded two-core machine, past the API project's 30 s.
  }, 90_000);
});
