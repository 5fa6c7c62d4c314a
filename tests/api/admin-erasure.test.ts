import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// Erasure on request (POST /api/admin/erase and its preview): what will go is shown first, counts
// and examples, and the erasure deletes exactly that; a staff account of the address goes too once
// it is disabled.

describe.each(databaseKinds)('erasure on request on %s', (kind) => {
  let t: TestApp;
  let admin: StaffBrowser;
  let editor: StaffBrowser;
  let visitor: StaffBrowser;
  let adminId = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    adminId = await makeStaff(t.database.db, 'erase.chief@lenobl.test', 'admin');
    await makeStaff(t.database.db, 'erase.editor@lenobl.test', 'editor');
    admin = new StaffBrowser(t.app);
    editor = new StaffBrowser(t.app);
    visitor = new StaffBrowser(t.app);
    await admin.signIn('erase.chief@lenobl.test');
    await editor.signIn('erase.editor@lenobl.test');
  });
  afterAll(() => t?.close());

  const left = async (email: string) => {
    const r = await sql<{ n: number }>`
      select (select count(*) from subscribers where lower(email) = ${email})
        + (select count(*) from feedback where lower(email) = ${email})
        + (select count(*) from staff where lower(email) = ${email})
        + (select count(*) from mail_queue where lower(recipient) = ${email} or lower(message ->> 'replyTo') = ${email}) as n`.execute(
      t.database.db,
    );
    return Number(r.rows[0]?.n);
  };

  it('shows what an erasure would delete, with examples, and then deletes exactly that', async () => {
    const email = 'forget.me.please@example.org';
    await visitor.request('POST', '/api/auth/subscribe/', { email, lang: 'en' });
    for (const message of ['Удалите мои данные, пожалуйста.', 'Где купить билеты в Выборгский замок?'])
      expect(
        (await visitor.request('POST', '/api/auth/feedback/', { name: 'Фёдор', email, message })).status,
      ).toBe(201);
    const [message] = (await editor.request('GET', `/api/admin/feedback?q=${email}`)).body.results;
    await editor.request('POST', `/api/admin/feedback/${message.id}/notes`, { text: 'Проверить билеты' });

    expect((await editor.request('POST', '/api/admin/erase/preview', { email })).status).toBe(403);
    const preview = await admin.request('POST', '/api/admin/erase/preview', {
      email: ` ${email.toUpperCase()} `,
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      subscription: { state: 'unconfirmed', lang: expect.any(String) },
      feedback: { count: 2, notes: 1 },
      staff: null,
      blocked: null,
    });
    expect(preview.body.feedback.samples.map((s: { excerpt: string }) => s.excerpt)).toEqual([
      'Где купить билеты в Выборгский замок?',
      'Удалите мои данные, пожалуйста.',
    ]);
    expect(preview.body.mails.count).toBeGreaterThanOrEqual(1);
    expect(preview.body.mails.samples[0]).toMatchObject({
      kind: expect.any(String),
      subject: expect.any(String),
    });
    // the preview deleted nothing
    expect(await left(email)).toBeGreaterThan(0);

    const erased = await admin.request('POST', '/api/admin/erase', { email });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body).toEqual({
      email,
      subscribers: 1,
      feedback: 2,
      notes: 1,
      mails: preview.body.mails.count,
      staff: 0,
    });
    expect(await left(email)).toBe(0);
    const after = (await admin.request('POST', '/api/admin/erase/preview', { email })).body;
    expect(after).toMatchObject({
      subscription: null,
      feedback: { count: 0 },
      mails: { count: 0 },
      staff: null,
    });
    expect((await admin.request('POST', '/api/admin/erase/preview', { email: 'no address' })).status).toBe(
      400,
    );
  });

  it('erases a former member of staff’s account once it is disabled; the history they made stays, naming no one', async () => {
    const email = 'former.editor@lenobl.test';
    const id = await makeStaff(t.database.db, email, 'editor');
    const former = new StaffBrowser(t.app);
    await former.signIn(email);
    const item = (await former.request('GET', '/api/admin/content/news/1')).body;
    const saved = await former.request('PUT', '/api/admin/content/news/1', {
      version: item.version,
      status: item.status,
      document: {
        ...item.document,
        annotation: { ...item.document.annotation, en: 'Edited before leaving' },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const active = (await admin.request('POST', '/api/admin/erase/preview', { email })).body;
    expect(active.staff).toMatchObject({ id, role: 'editor', disabled: false, saves: 1, sessions: 1 });
    expect(active.blocked).toMatch(/active/);
    const refused = await admin.request('POST', '/api/admin/erase', { email });
    expect(refused.status).toBe(409);
    expect(await left(email)).toBe(1);

    await admin.request('PATCH', `/api/admin/accounts/${id}`, { disabled: true });
    expect((await admin.request('POST', '/api/admin/erase/preview', { email })).body.blocked).toBeNull();
    const erased = await admin.request('POST', '/api/admin/erase', { email });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body.staff).toBe(1);
    expect(await left(email)).toBe(0);
    const history = (await admin.request('GET', '/api/admin/content/news/1/history')).body.results;
    expect(history[0]).toMatchObject({ staff: null, changes: { annotation: expect.any(Object) } });
    expect((await former.request('GET', '/api/admin/auth/me')).status).toBe(401);

    // never one's own account
    const own = await admin.request('POST', '/api/admin/erase/preview', { email: 'erase.chief@lenobl.test' });
    expect(own.body.staff.id).toBe(adminId);
    expect(own.body.blocked).toMatch(/your own/);
    expect(
      (await admin.request('POST', '/api/admin/erase', { email: 'erase.chief@lenobl.test' })).status,
    ).toBe(409);
  });
});
