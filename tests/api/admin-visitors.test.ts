import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondApp, createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { fakeSmtp, mailText, readOutbox } from '../helpers/mail.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// What visitors sent, as the staff handle it: the feedback inbox, subscribers, erasure on request.

describe.each(databaseKinds)('visitor messages in the back office on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;
  let admin: StaffBrowser;
  let visitor: StaffBrowser;

  const outbox = () => readOutbox(t.dataDir);
  const waitForMail = async (to: string) => {
    for (let i = 0; i < 50; i++) {
      const found = (await outbox()).map(mailText).find((m) => m.includes(`To: ${to}`));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no mail to ${to}`);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await makeStaff(t.database.db, 'inbox@lenobl.test', 'editor');
    await makeStaff(t.database.db, 'chief@lenobl.test', 'admin');
    editor = new StaffBrowser(t.app);
    admin = new StaffBrowser(t.app);
    visitor = new StaffBrowser(t.app);
    await editor.signIn('inbox@lenobl.test');
    await admin.signIn('chief@lenobl.test');
    for (const [name, email, message] of [
      ['Анна', 'anna@example.org', 'Как добраться до Старой Ладоги зимой?'],
      ['Spam', 'spam@example.org', 'Buy cheap things'],
      ['Олег', '', 'Спасибо за маршрут по Выборгу'],
    ]) {
      const r = await visitor.request('POST', '/api/auth/feedback/', { name, email, message });
      expect(r.status).toBe(201);
    }
  });
  afterAll(() => t?.close());

  it('lists the inbox newest first, by state and words, and counts the new messages', async () => {
    const all = await editor.request('GET', '/api/admin/feedback');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.new).toBe(3);
    expect(all.body.results[0].message).toBe('Спасибо за маршрут по Выборгу');
    const found = await editor.request('GET', `/api/admin/feedback?q=${encodeURIComponent('ладоги')}`);
    expect(found.body.results.map((r: { name: string }) => r.name)).toEqual(['Анна']);
    expect((await editor.request('GET', '/api/admin/feedback?status=closed')).status).toBe(400);
  });

  it('sets a state, keeps notes, and replies by mail: the message is then answered', async () => {
    const list = (await editor.request('GET', '/api/admin/feedback')).body.results as {
      id: number;
      name: string;
    }[];
    const spam = list.find((r) => r.name === 'Spam')?.id;
    const anna = list.find((r) => r.name === 'Анна')?.id;
    const oleg = list.find((r) => r.name === 'Олег')?.id;
    expect(
      (await editor.request('PATCH', `/api/admin/feedback/${spam}`, { status: 'spam' })).body.status,
    ).toBe('spam');
    expect((await editor.request('GET', '/api/admin/feedback?status=spam')).body.count).toBe(1);
    const note = await editor.request('POST', `/api/admin/feedback/${anna}/notes`, {
      text: 'Спросить у перевозчика',
    });
    expect(note.status).toBe(201);
    expect(note.body.staff.email).toBe('inbox@lenobl.test');
    const reply = await editor.request('POST', `/api/admin/feedback/${anna}/reply`, {
      text: 'Зимой ходит автобус от Девяткино.',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.status).toBe('answered');
    expect(reply.body.notes.map((n: { kind: string }) => n.kind)).toEqual(['note', 'reply']);
    const mail = await waitForMail('anna@example.org');
    expect(mail).toContain('Зимой ходит автобус');
    expect(mail).toContain('> Как добраться до Старой Ладоги зимой?');
    const nowhere = await editor.request('POST', `/api/admin/feedback/${oleg}/reply`, { text: 'Спасибо!' });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.message).toMatch(/no email address/);
    expect((await editor.request('GET', '/api/admin/feedback/999999')).status).toBe(404);
  });

  it('lists, searches, exports and removes subscribers', async () => {
    for (const email of ['reader.one@example.org', 'reader.two@example.org', 'other@example.org']) {
      expect((await visitor.request('POST', '/api/auth/subscribe/', { email })).status).toBe(201);
    }
    const token = (
      await t.database.db
        .selectFrom('subscribers')
        .select('token')
        .where('email', '=', 'reader.one@example.org')
        .executeTakeFirstOrThrow()
    ).token;
    await visitor.request('POST', '/api/auth/subscribe/confirm/', { token });
    const readers = await editor.request('GET', '/api/admin/subscribers?q=reader');
    expect(readers.body.count).toBe(2);
    const confirmed = await editor.request('GET', '/api/admin/subscribers?state=confirmed');
    expect(confirmed.body.results.map((r: { email: string }) => r.email)).toContain('reader.one@example.org');
    expect(confirmed.body.results.map((r: { email: string }) => r.email)).not.toContain(
      'reader.two@example.org',
    );

    const csv = await t.app.inject({
      url: '/api/admin/subscribers.csv?q=reader',
      headers: { cookie: editor.cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,email,lang,state,created_at,confirmed_at,unsubscribed_at');
    expect(lines).toHaveLength(3);

    const other = (await editor.request('GET', '/api/admin/subscribers?q=other')).body.results[0].id;
    expect((await editor.request('DELETE', `/api/admin/subscribers/${other}`)).status).toBe(200);
    expect((await editor.request('GET', '/api/admin/subscribers?q=other')).body.count).toBe(0);
    expect((await editor.request('DELETE', `/api/admin/subscribers/${other}`)).status).toBe(404);
    expect((await new StaffBrowser(t.app).request('GET', '/api/admin/subscribers.csv')).status).toBe(401);
  });

  it('erases everything stored about an address, on an admin’s order only', async () => {
    const email = 'forget.me@example.org';
    await visitor.request('POST', '/api/auth/subscribe/', { email });
    await visitor.request('POST', '/api/auth/feedback/', { name: 'Ф', email, message: 'Удалите мои данные' });
    expect((await editor.request('POST', '/api/admin/erase', { email })).status).toBe(403);
    const erased = await admin.request('POST', '/api/admin/erase', { email: 'Forget.Me@example.org' });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body).toMatchObject({ subscribers: 1, feedback: 1 });
    expect(erased.body.mails).toBeGreaterThanOrEqual(1);
    const left = await sql<{ n: number }>`
      select (select count(*) from subscribers where lower(email) = ${email})
        + (select count(*) from feedback where lower(email) = ${email})
        + (select count(*) from mail_queue where lower(recipient) = ${email} or lower(message ->> 'replyTo') = ${email}) as n`.execute(
      t.database.db,
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
    expect((await admin.request('POST', '/api/admin/erase', { email: 'not an address' })).status).toBe(400);
  });
});

describe('a reply to a visitor, through SMTP', () => {
  const smtp = fakeSmtp();
  let t: TestApp;
  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp('pglite', {
      SMTP_URL: `smtp://127.0.0.1:${smtp.state.port}`,
      MAIL_FROM: 'Портал <noreply@portal.test>',
    });
    await makeStaff(t.database.db, 'vera@lenobl.test', 'editor');
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  /** Sends a feedback message from `email` and the editor's reply to it; the reply's raw mail. */
  async function replyTo(app: TestApp['app'], email: string): Promise<{ shown: string; mail: string }> {
    const visitor = new StaffBrowser(app);
    expect(
      (
        await visitor.request('POST', '/api/auth/feedback/', {
          name: 'Ира',
          email,
          message: 'Есть ли парковка?',
        })
      ).status,
    ).toBe(201);
    const editor = new StaffBrowser(app);
    await editor.signIn('vera@lenobl.test');
    const list = await editor.request('GET', `/api/admin/feedback?q=${encodeURIComponent(email)}`);
    const id = list.body.results[0].id as number;
    const shown = (await editor.request('GET', `/api/admin/feedback/${id}`)).body.reply_to as string;
    const reply = await editor.request('POST', `/api/admin/feedback/${id}/reply`, { text: 'Да, у входа.' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.reply_to).toBe(shown);
    await app.mail.processDue();
    // the staff's copy of the message has Reply-To the visitor: the reply is the mail To the visitor
    const mail = smtp.received.map(mailText).find((m) => new RegExp(`^To: ${email}\\r?$`, 'm').test(m));
    if (!mail) throw new Error(`no reply mailed to ${email}`);
    return { shown, mail };
  }

  it('comes from the portal, with Reply-To the replying member of staff when nothing is configured', async () => {
    const { shown, mail } = await replyTo(t.app, 'ira@example.org');
    expect(mail).toMatch(/^From: .*noreply@portal\.test/m);
    expect(mail).toMatch(/^Reply-To: vera@lenobl\.test\r?$/m);
    expect(shown).toBe('vera@lenobl.test');
  });

  it('has Reply-To MAIL_REPLY_TO when it is set (the office’s shared inbox)', async () => {
    const office = await createSecondApp(t, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.state.port}`,
      MAIL_REPLY_TO: 'Турофис <office@lenobl.test>',
      FEEDBACK_TO: 'feedback@lenobl.test',
    });
    try {
      const { shown, mail } = await replyTo(office, 'petr@example.org');
      expect(mail).toMatch(/^Reply-To: .*<office@lenobl\.test>\r?$/m);
      expect(shown).toBe('Турофис <office@lenobl.test>');
    } finally {
      await office.close();
    }
  });

  it('has Reply-To FEEDBACK_TO, where new messages arrive, when MAIL_REPLY_TO is not set', async () => {
    const inbox = await createSecondApp(t, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.state.port}`,
      FEEDBACK_TO: 'feedback@lenobl.test',
    });
    try {
      const { mail } = await replyTo(inbox, 'olga@example.org');
      expect(mail).toMatch(/^Reply-To: feedback@lenobl\.test\r?$/m);
    } finally {
      await inbox.close();
    }
  });
});
