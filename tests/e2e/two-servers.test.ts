// Two portal servers as on two machines: each with its own DATA_DIR, both on one PostgreSQL
// database and one Redis (a database number of its own), from the production build. What one
// server does the other knows: a staff session, an edit (on its pages, API, search, map and
// sitemap within 2 s), the forms' rate limits, an uploaded photo. The mail queue, a newsletter
// issue and scheduled publishing run once across both, even when one is killed in the middle of
// sending: each subscriber gets the issue exactly once at the test's SMTP server.

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDatabase } from '../helpers/app.js';
import { fakeSmtp } from '../helpers/mail.js';
import { type PortalProcess, startPortalProcess } from '../helpers/portal-process.js';
import { makeStaff, newAddress } from '../helpers/staff.js';
import { WebClient } from '../helpers/web-client.js';
import { describeE2E } from './setup/browser.js';

/** This file's Redis database: the rate limits counted by both servers, apart from other files'. */
const redisUrl = `${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}/11`;
const feedbackLimit = 4;
const subscribers = 24;

async function until<T>(what: string, check: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The JSON log lines of a server with this message. */
const logged = (portal: PortalProcess, message: RegExp) =>
  portal
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string })
    .filter((l) => message.test(l.msg));

const describeTwo = (name: string, fn: () => void) =>
  process.env.TEST_DATABASE_URL
    ? describeE2E(name, fn)
    : describe.skip(`${name} (needs TEST_DATABASE_URL)`, fn);

describeTwo('two portal servers on one PostgreSQL and Redis', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  const smtp = fakeSmtp();
  let fresh: Awaited<ReturnType<typeof seededDatabase>>;
  let a: PortalProcess;
  let b: PortalProcess;
  const editor = new WebClient(newAddress());
  const email = `editor-${crypto.randomBytes(4).toString('hex')}@lenobl.test`;

  beforeAll(async () => {
    await smtp.start();
    cleanup.push(() => smtp.stop());
    fresh = await seededDatabase('postgres');
    cleanup.push(() => fresh.drop());
    await makeStaff(fresh.database.db, email, 'editor');
    const server = async (name: string) => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `portal-${name}-`));
      cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const portal = await startPortalProcess(
        {
          DATA_DIR: dataDir,
          DATABASE_URL: fresh.url as string,
          REDIS_URL: redisUrl,
          SMTP_URL: `smtp://127.0.0.1:${smtp.state.port}`,
          TRUST_PROXY: '127.0.0.1',
          FEEDBACK_RATE_LIMIT: String(feedbackLimit),
          WEB_BUILD_DIR: '',
        },
        { build: true },
      );
      cleanup.push(async () => portal.child.kill('SIGKILL'));
      return portal;
    };
    // One after the other: the first brings the schema up to date, the second finds it so.
    a = await server('a');
    b = await server('b');
  });
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => {});
  });

  it('a staff session made on A works on B', async () => {
    const signed = await editor.request(a.base, 'POST', '/api/admin/auth/sign-in', {
      email,
      password: 'Ладожский маяк 1910 года',
    });
    expect(signed.status, signed.text).toBe(200);
    const me = await editor.request(b.base, 'GET', '/api/admin/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
  });

  it('an edit through A is on B’s page, API, search, map and sitemap within 2 s', async () => {
    const id = (
      (await (await fetch(`${b.base}/api/attractions/?limit=1`)).json()) as { results: { id: number }[] }
    ).results[0]?.id as number;
    const word = `маяк${crypto.randomBytes(3).toString('hex')}`;
    const name = `Усадьба ${word}`;
    let saved = Number.POSITIVE_INFINITY;
    // The saved item's own time, in the sitemap's whole seconds (a time taken by the test after the
    // save would be up to a second and the save's length later).
    let savedLastmod = '';
    const sitemapLastmod = (xml: string) =>
      new RegExp(`/attractions/detail/${id}\\?lng=ru</loc><lastmod>([^<]+)<`).exec(xml)?.[1];
    const views = {
      page: { path: `/attractions/detail/${id}`, shows: (t: string) => t.includes(name) },
      api: { path: `/api/attractions/${id}/`, shows: (t: string) => t.includes(name) },
      search: {
        path: `/api/search/?q=${encodeURIComponent(word)}`,
        shows: (t: string) => t.includes(`"id":${id}`),
      },
      map: { path: '/api/map/points/', shows: (t: string) => t.includes(name) },
      sitemap: {
        path: '/sitemaps/attractions-1.xml',
        shows: (t: string) => savedLastmod !== '' && sitemapLastmod(t) === savedLastmod,
      },
    };
    const text = async (p: string) => {
      const r = await fetch(`${b.base}${p}`);
      expect(r.status, p).toBe(200);
      return r.text();
    };
    // B holds each answer in its response cache (asked twice: the second is a hit)
    for (const view of Object.values(views)) {
      await text(view.path);
      expect(view.shows(await text(view.path))).toBe(false);
    }
    expect(sitemapLastmod(await text(views.sitemap.path))).toBeTruthy();

    const item = (await editor.request(a.base, 'GET', `/api/admin/content/attractions/${id}`)).body;
    const put = await editor.request(a.base, 'PUT', `/api/admin/content/attractions/${id}`, {
      version: item.version,
      status: 'published',
      document: { ...item.document, name: { ...item.document.name, ru: name } },
    });
    expect(put.status, put.text).toBe(200);
    saved = Date.now();
    savedLastmod = new Date(put.body.updated_at).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const took: Record<string, number> = {};
    await until('the edit on B', async () => {
      for (const [key, view] of Object.entries(views)) {
        if (took[key] === undefined && view.shows(await text(view.path))) took[key] = Date.now() - saved;
      }
      return Object.keys(took).length === Object.keys(views).length;
    }).catch((err: Error) => {
      const missing = Object.keys(views).filter((key) => took[key] === undefined);
      throw new Error(`${err.message}: not seen on ${missing.join(', ')}; seen ${JSON.stringify(took)}`);
    });
    console.log(`an edit through A on B after (ms): ${JSON.stringify(took)}`);
    for (const ms of Object.values(took)) expect(ms).toBeLessThan(2000);
  });

  it('rate limits count the requests to both', async () => {
    const visitor = new WebClient(newAddress());
    const statuses: number[] = [];
    for (let i = 0; i <= feedbackLimit; i++) {
      const r = await visitor.request(i % 2 ? b.base : a.base, 'POST', '/api/auth/feedback/', {
        message: `two servers ${i}`,
        email: 'visitor@example.org',
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([...Array(feedbackLimit).fill(201), 429]);
  });

  it('a photo uploaded through A is served by B', async () => {
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3a6ea5' } })
      .png()
      .toBuffer();
    const up = await editor.request(a.base, 'POST', '/api/admin/media?name=lake.png', png, 'image/png');
    expect(up.status, up.text).toBe(201);
    const served = await until('the photo from B', async () => {
      const r = await fetch(`${b.base}/media/${up.body.id}/320.webp`);
      return r.status === 503 ? undefined : r;
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(320);
  });

  it('a newsletter issue, its mails and scheduled publishing run once across both, one killed midway', {
    timeout: 120_000,
  }, async () => {
    const db = fresh.database.db;
    // scheduled news, due now: one of the two publishes each, once
    const news = (await editor.request(a.base, 'GET', '/api/admin/content/news?per_page=1')).body.results[0];
    const document = (await editor.request(a.base, 'GET', `/api/admin/content/news/${news.id}`)).body
      .document;
    const scheduled: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await editor.request(a.base, 'POST', '/api/admin/content/news', {
        status: 'scheduled',
        publish_at: new Date().toISOString(),
        document: {
          ...document,
          name: { ...document.name, ru: `Запланировано ${i} ${crypto.randomUUID()}` },
        },
      });
      expect(r.status, r.text).toBe(201);
      scheduled.push(r.body.id);
    }

    const recipients = Array.from({ length: subscribers }, (_, i) => `reader${i}@example.org`);
    await db
      .insertInto('subscribers')
      .values(
        recipients.map((address) => ({
          email: address,
          lang: 'ru',
          token: crypto.randomBytes(24).toString('base64url'),
          confirmed_at: new Date(),
        })),
      )
      .execute();
    const issue = await editor.request(a.base, 'POST', '/api/admin/newsletter/issues', {
      subject: { ru: 'Выпуск для двух серверов' },
      intro: { ru: 'Здравствуйте!' },
      news_ids: [news.id],
      event_ids: [],
    });
    expect(issue.status, issue.text).toBe(201);
    // "send" pressed on both at once: one of them queues the issue, the other finds it queued
    const send = (base: string) =>
      editor.request(base, 'POST', `/api/admin/newsletter/issues/${issue.body.id}/send`, {
        rate_per_minute: 6000,
      });
    // The SMTP server holds every sender before a mail is taken and lets one go at a time.
    smtp.state.holding = true;
    const [sentA, sentB] = await Promise.all([send(a.base), send(b.base)]);
    expect([sentA.status, sentB.status]).toEqual([200, 200]);
    // the log is written by a thread of its own: a line may come a moment after the answer
    const queued = await until('both servers’ log lines', async () => {
      const lines = [...logged(a, /^newsletter issue queued$/), ...logged(b, /^newsletter issue queued$/)];
      return lines.length === 2 && lines;
    });
    expect(queued.map((l) => (l as { queued?: number }).queued).sort()).toEqual([0, subscribers]);

    // Some go out; then, once both servers are in the middle of a mail and every mail taken is
    // marked sent, A dies there.
    while (smtp.received.length < 5) {
      await until('a sender', async () => smtp.held() > 0);
      const before = smtp.received.length;
      smtp.releaseOne();
      await until('its mail', async () => smtp.received.length > before);
    }
    await until('both servers in the middle of a mail', async () => smtp.held() === 2, 40_000);
    const marked = async () =>
      Number(
        (
          await db
            .selectFrom('mail_queue')
            .select((e) => e.fn.countAll().as('n'))
            .where('kind', '=', 'newsletter')
            .where('sent_at', 'is not', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await until('the taken mails marked sent', async () => (await marked()) === smtp.received.length);
    const beforeKill = smtp.received.length;
    a.child.kill('SIGKILL');
    await a.exited;
    await until('A’s mail connection gone', async () => smtp.held() === 1);
    smtp.release();

    const to = (raw: string) => /^To: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
    const issueMails = () => smtp.received.filter((m) => /^reader\d+@example\.org$/.test(to(m)));
    await until(
      'every subscriber’s mail',
      async () => new Set(issueMails().map(to)).size >= subscribers,
      60_000,
    );
    // a mail sent twice would come meanwhile
    await new Promise((r) => setTimeout(r, 1000));
    const perRecipient = new Map<string, number>();
    for (const m of issueMails()) perRecipient.set(to(m), (perRecipient.get(to(m)) ?? 0) + 1);
    console.log(
      `newsletter: ${subscribers} subscribers, ${issueMails().length} mails received, ${beforeKill} before A was killed; ` +
        `mails per recipient: ${[...new Set(perRecipient.values())].join(', ')}; ` +
        `sent by A ${logged(a, /^mail sent$/).length}, by B ${logged(b, /^mail sent$/).length}`,
    );
    expect([...perRecipient.keys()].sort()).toEqual([...recipients].sort());
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
    // A was in the middle of a mail when it died (both held above); B, alive, sent the rest
    expect(logged(b, /^mail sent$/).length).toBeGreaterThan(0);
    expect(await marked()).toBe(subscribers);

    // the scheduled news: published by the one server left (or by either before), each once
    const history = async () =>
      db
        .selectFrom('content_history')
        .select(['item_id', 'status'])
        .where('section', '=', 'news')
        .where('item_id', 'in', scheduled)
        .where('status', '=', 'published')
        .execute();
    const published = await until(
      'the scheduled news published',
      async () => ((await history()).length >= scheduled.length ? history() : undefined),
      40_000,
    );
    expect(published.map((h) => h.item_id).sort()).toEqual([...scheduled].sort());
    // exactly one publishing row each (a second publish writes another), and no round failed
    expect([...logged(a, /scheduled items failed/), ...logged(b, /scheduled items failed/)]).toEqual([]);
    for (const id of scheduled) {
      const r = await fetch(`${b.base}/api/news/${id}/`);
      expect(r.status).toBe(200);
    }
  });
});
