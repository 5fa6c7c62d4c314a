import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { mailText, readOutbox } from '../helpers/mail.js';
import { makeStaff, newAddress, StaffBrowser } from '../helpers/staff.js';

// Newsletter issues (server/modules/admin/newsletter): composed in the back office, sent to every
// confirmed subscriber in their language, once, with a working unsubscribe link.

describe.each(databaseKinds)('the newsletter on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;

  const newsletters = async () => {
    const mails = await readOutbox(t.dataDir);
    // the issue's mails: its text, with an unsubscribe link (the tests to the editor have none)
    return mails
      .map(mailText)
      .filter((m) => /List-Unsubscribe:/.test(m) && /этой зимой|this winter|今年冬天/.test(m));
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await makeStaff(t.database.db, 'letters@lenobl.test', 'editor');
    editor = new StaffBrowser(t.app);
    await editor.signIn('letters@lenobl.test');
  });
  afterAll(() => t?.close());

  it('sends an issue to the three confirmed subscribers, each in their language, once, with unsubscribe links that work', async () => {
    const visitor = new StaffBrowser(t.app);
    const subscribe = async (email: string, lang: string, confirm: boolean) => {
      const r = await visitor.request(
        'POST',
        '/api/auth/subscribe/',
        { email },
        { headers: { 'accept-language': lang } },
      );
      expect(r.status).toBe(201);
      if (!confirm) return;
      const { token } = await t.database.db
        .selectFrom('subscribers')
        .select('token')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect((await visitor.request('POST', '/api/auth/subscribe/confirm/', { token })).status).toBe(200);
    };
    await subscribe('ru.reader@example.org', 'ru', true);
    await subscribe('en.reader@example.org', 'en', true);
    await subscribe('zh.reader@example.org', 'zh', true);
    await subscribe('never.confirmed@example.org', 'ru', false);
    await subscribe('gone.reader@example.org', 'en', true);
    const gone = await t.database.db
      .selectFrom('subscribers')
      .select('token')
      .where('email', '=', 'gone.reader@example.org')
      .executeTakeFirstOrThrow();
    await visitor.request('POST', '/api/auth/unsubscribe/', { token: gone.token });

    const news = (await t.app.inject({ url: '/api/news/?limit=2' })).json().results as {
      id: number;
      name: string;
    }[];
    const events = (await t.app.inject({ url: '/api/events/?limit=1' })).json().results as { id: number }[];
    const bad = await editor.request('POST', '/api/admin/newsletter/issues', {
      subject: { ru: 'x' },
      intro: { ru: 'x' },
      news_ids: [999999],
      event_ids: [],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('news_ids');
    const created = await editor.request('POST', '/api/admin/newsletter/issues', {
      subject: {
        ru: 'Зима в Ленинградской области',
        en: 'Winter in the Leningrad Region',
        zh: '列宁格勒州的冬天',
      },
      intro: {
        ru: 'Здравствуйте! Что нового этой зимой.',
        en: 'Hello! What is new this winter.',
        zh: '您好！今年冬天的新鲜事。',
      },
      news_ids: news.map((n) => n.id),
      event_ids: events.map((e) => e.id),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    expect(created.body.status).toBe('draft');
    // a draft changes, though not to name an event that does not exist
    const put = (body: object) => editor.request('PUT', `/api/admin/newsletter/issues/${id}`, body);
    const unnamed = await put({ ...created.body, event_ids: [] });
    expect(unnamed.status, JSON.stringify(unnamed.body)).toBe(200);
    expect(unnamed.body).toMatchObject({ event_ids: [], news_ids: created.body.news_ids, status: 'draft' });
    const missing = await put({ ...created.body, event_ids: [999999] });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('event_ids');
    expect((await put(created.body)).body.event_ids).toEqual(created.body.event_ids);

    const preview = await editor.request('GET', `/api/admin/newsletter/issues/${id}/preview?lang=en`);
    expect(preview.body.subject).toBe('Winter in the Leningrad Region');
    expect(preview.body.text).toContain('Hello! What is new this winter.');
    expect(preview.body.text).toContain(`/news/detail/${news[0]?.id}?lng=en`);
    expect(preview.body.html).toMatch(/^<!doctype html><html lang="en">/);
    expect(preview.body.html).toContain(`href="http`);
    expect(preview.body.html).toContain(`/news/detail/${news[0]?.id}?lng=en"`);

    expect((await editor.request('POST', `/api/admin/newsletter/issues/${id}/test`)).status).toBe(200);

    const sending = await editor.request('POST', `/api/admin/newsletter/issues/${id}/send`, {
      rate_per_minute: 6000,
    });
    expect(sending.status, JSON.stringify(sending.body)).toBe(200);
    expect(sending.body.counts.recipients).toBe(3);
    expect((await editor.request('PUT', `/api/admin/newsletter/issues/${id}`, created.body)).status).toBe(
      409,
    );
    // asked again (a double click, a restart): nobody is queued twice
    expect(
      (await editor.request('POST', `/api/admin/newsletter/issues/${id}/send`, {})).body.counts.recipients,
    ).toBe(3);

    for (let i = 0; i < 50; i++) {
      await t.app.mail.processDue();
      const issue = (await editor.request('GET', `/api/admin/newsletter/issues/${id}`)).body;
      if (issue.counts.waiting === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const issue = (await editor.request('GET', `/api/admin/newsletter/issues/${id}`)).body;
    expect(issue).toMatchObject({
      status: 'sent',
      counts: { recipients: 3, sent: 3, failed: 0, waiting: 0 },
    });

    const mails = await newsletters();
    expect(mails).toHaveLength(3);
    const byReader = (who: string) => mails.find((m) => m.includes(`To: ${who}`)) as string;
    expect(byReader('ru.reader@example.org')).toContain('Здравствуйте! Что нового этой зимой.');
    expect(byReader('en.reader@example.org')).toContain('Hello! What is new this winter.');
    expect(byReader('zh.reader@example.org')).toContain('您好！今年冬天的新鲜事。');

    // Beside the text, an HTML part: the issue's heading, each item's name linking to its page, the
    // event's days written out in the reader's language, and the unsubscribe link.
    const en = byReader('en.reader@example.org');
    expect(en).toMatch(/Content-Type: multipart\/alternative/i);
    expect(en).toMatch(/Content-Type: text\/html/i);
    const html = en.slice(en.indexOf('<!doctype html>'), en.indexOf('</html>') + 7);
    expect(html).toContain(
      '<h1 style="margin:0 0 16px;font-size:24px;line-height:1.25;color:#14213d">Winter in the Leningrad Region</h1>',
    );
    expect(html).toContain('Hello! What is new this winter.');
    expect(html).toMatch(new RegExp(`<a href="[^"]+/news/detail/${news[0]?.id}\\?lng=en"`));
    expect(html).toMatch(new RegExp(`<a href="[^"]+/events/detail/${events[0]?.id}\\?lng=en"`));
    const event = (await t.app.inject({ url: `/api/events/${events[0]?.id}/` })).json() as {
      start_date: string;
      end_date: string;
    };
    const days = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).formatRange(new Date(`${event.start_date}T00:00:00Z`), new Date(`${event.end_date}T00:00:00Z`));
    expect(html).toContain(`>${days}</p>`);
    expect(html).toMatch(/<a href="[^"]+\/unsubscribe\?[^"]+"[^>]*>Unsubscribe<\/a>/);
    expect(html).not.toMatch(/<script|<img/i);
    expect(byReader('ru.reader@example.org')).toMatch(/>Отписаться<\/a>/);
    // Chinese days are written out (ICU's range pattern would give 2026/9/26 – 2027/1/17).
    expect(byReader('zh.reader@example.org')).toMatch(
      />\d{4}年\d{1,2}月\d{1,2}日(至\d{4}年\d{1,2}月\d{1,2}日)?<\/p>/,
    );

    // the unsubscribe link of a mail works in one click (RFC 8058), without cookies
    const head = (byReader('en.reader@example.org').split(/\r?\n\r?\n/)[0] ?? '').replace(
      /\r?\n[ \t]+/g,
      ' ',
    );
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = /^List-Unsubscribe: <(.+)>$/m.exec(head)?.[1] as string;
    const url = new URL(link);
    const r = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: newAddress(),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().status).toBe('unsubscribed');
  });
});
