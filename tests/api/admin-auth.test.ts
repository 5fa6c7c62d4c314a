import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, firstAdminLink } from '../../server/modules/admin/auth/links.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { readOutbox } from '../helpers/mail.js';
import { goodPassword, makeStaff, newAddress, StaffBrowser } from '../helpers/staff.js';

// Staff sign-in, sessions and roles of /api/admin/ (server/modules/admin/auth): every rule is the
// server's, whatever the back office shows.

const wrong = /wrong email or password/;

/** The text of every mail the queue has written to the outbox (no SMTP_URL in tests). */
async function outbox(t: TestApp): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return readOutbox(t.dataDir);
}

/** The token of the last one-time link mailed to an address. */
async function mailedToken(t: TestApp, to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mails = (await outbox(t)).filter((m) => m.includes(`To: ${to}`));
    // quoted-printable may break the link's line: join soft breaks first
    const text = mails
      .at(-1)
      ?.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const token = text && /\/admin\/link\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no link mailed to ${to}`);
}

describe.each(databaseKinds)('staff sign-in and roles on %s', (kind) => {
  let t: TestApp;
  const admin = 'admin@lenobl.test';
  const editor = 'editor@lenobl.test';

  beforeAll(async () => {
    t = await createTestApp(kind);
    await makeStaff(t.database.db, admin, 'admin');
    await makeStaff(t.database.db, editor, 'editor');
  });
  afterAll(() => t?.close());

  it('every /api/admin/ call in the OpenAPI document refuses an anonymous caller, except sign-in and links', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const open = new Set([
      'post /api/admin/auth/sign-in',
      'post /api/admin/auth/sign-out',
      'get /api/admin/auth/link',
      'post /api/admin/auth/link',
    ]);
    let checked = 0;
    for (const [route, methods] of Object.entries(doc.paths)) {
      if (!route.startsWith('/api/admin/')) continue;
      for (const [method, op] of Object.entries(methods)) {
        expect(op.tags, route).toEqual(['admin']);
        if (open.has(`${method} ${route}`)) continue;
        const b = new StaffBrowser(t.app);
        const url = route.replace(/\{id\}/g, '1');
        const r = await b.request(method.toUpperCase() as 'GET', url, method === 'get' ? undefined : {});
        expect(r.status, `${method} ${url}`).toBe(401);
        expect(r.body.message).toMatch(/sign in first/);
        expect(r.headers['cache-control']).toBe('private, no-store');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(8);
  });

  it('signs in with a session cookie that scripts cannot read, SameSite=Strict, a new one every time', async () => {
    const b = new StaffBrowser(t.app);
    b.jar.set('portal_staff', 'planted-by-someone-else-planted-by-someone-else');
    const r = await b.signIn(admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ email: admin, role: 'admin', totp_enabled: false, totp_required: false });
    const cookie = r.cookies.find((c) => c.startsWith('portal_staff='));
    expect(cookie).toMatch(/^portal_staff=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const first = b.jar.get('portal_staff');
    expect(first).not.toBe('planted-by-someone-else-planted-by-someone-else');
    expect((await b.request('GET', '/api/admin/auth/me')).body.email).toBe(admin);
    await b.signIn(admin);
    expect(b.jar.get('portal_staff')).not.toBe(first);
    // only a hash of the cookie is stored
    const stored = await t.database.db.selectFrom('staff_sessions').select('id').execute();
    expect(stored.map((s) => s.id)).not.toContain(first);
  });

  it('marks the cookie Secure behind an HTTPS proxy (TRUST_PROXY)', async () => {
    const https = await createTestApp(kind, { TRUST_PROXY: 'true' });
    try {
      await makeStaff(https.database.db, admin, 'admin');
      const b = new StaffBrowser(https.app);
      const r = await b.request(
        'POST',
        '/api/admin/auth/sign-in',
        { email: admin, password: goodPassword },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
      expect(r.status).toBe(200);
      expect(r.cookies.find((c) => c.startsWith('portal_staff='))).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  });

  it('answers a wrong password and an unknown address the same way', async () => {
    const a = await new StaffBrowser(t.app).signIn(editor, 'not the password at all');
    const b = await new StaffBrowser(t.app).signIn('nobody@lenobl.test', 'not the password at all');
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.body).toEqual(b.body);
    expect(a.body.message).toMatch(wrong);
    expect(a.cookies.some((c) => c.startsWith('portal_staff='))).toBe(false);
  });

  it('refuses a write without the XSRF header, and a bad body with a 400', async () => {
    const b = new StaffBrowser(t.app);
    const r = await b.request(
      'POST',
      '/api/admin/auth/sign-in',
      { email: admin, password: goodPassword },
      { xsrf: false },
    );
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/X-XSRF-TOKEN/);
    const bad = await b.request('POST', '/api/admin/auth/sign-in', { email: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/password/);
  });

  it('lets an admin, not an editor, manage accounts; an editor reads their own account', async () => {
    const e = new StaffBrowser(t.app);
    await e.signIn(editor);
    expect((await e.request('GET', '/api/admin/auth/me')).body.role).toBe('editor');
    const refused = await e.request('GET', '/api/admin/accounts');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/only an admin/);
    expect((await e.request('PATCH', '/api/admin/settings', { totp_required_for_admins: true })).status).toBe(
      403,
    );
    const a = new StaffBrowser(t.app);
    await a.signIn(admin);
    const list = await a.request('GET', '/api/admin/accounts');
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { email: string }) => r.email)).toEqual(
      expect.arrayContaining([admin, editor]),
    );
  });

  it('refuses a forged cookie, and a session idle for 30 minutes or begun 12 hours ago', async () => {
    const forged = new StaffBrowser(t.app);
    forged.jar.set('portal_staff', 'A'.repeat(43));
    expect((await forged.request('GET', '/api/admin/auth/me')).status).toBe(401);

    const idle = new StaffBrowser(t.app);
    await idle.signIn(editor);
    await sql`update staff_sessions set last_seen_at = now() - interval '31 minutes'`.execute(t.database.db);
    expect((await idle.request('GET', '/api/admin/auth/me')).status).toBe(401);

    const old = new StaffBrowser(t.app);
    await old.signIn(editor);
    expect((await old.request('GET', '/api/admin/auth/me')).status).toBe(200);
    await sql`update staff_sessions set created_at = now() - interval '12 hours 1 minute', last_seen_at = now()`.execute(
      t.database.db,
    );
    expect((await old.request('GET', '/api/admin/auth/me')).status).toBe(401);
  });

  it('signing out ends the session on the server; "everywhere" ends the other browsers’ too', async () => {
    const one = new StaffBrowser(t.app);
    await one.signIn(editor);
    const kept = one.jar.get('portal_staff') as string;
    await one.request('POST', '/api/admin/auth/sign-out');
    expect(one.jar.has('portal_staff')).toBe(false);
    one.jar.set('portal_staff', kept);
    expect((await one.request('GET', '/api/admin/auth/me')).status).toBe(401);

    const phone = new StaffBrowser(t.app);
    const laptop = new StaffBrowser(t.app);
    await phone.signIn(editor);
    await laptop.signIn(editor);
    expect((await laptop.request('POST', '/api/admin/auth/sign-out-everywhere')).status).toBe(200);
    expect((await phone.request('GET', '/api/admin/auth/me')).status).toBe(401);
    expect((await laptop.request('GET', '/api/admin/auth/me')).status).toBe(401);
  });

  it('limits sign-in attempts per visitor address', async () => {
    const b = new StaffBrowser(t.app, newAddress());
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await b.signIn(`person${i}@lenobl.test`, 'whatever it is')).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('creates the first admin through the one-time setup link, once', async () => {
    const empty = await createTestApp(kind);
    try {
      const token = (await firstAdminLink(empty.database.db)) as string;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const b = new StaffBrowser(empty.app);
      const info = await b.request('GET', `/api/admin/auth/link?token=${token}`);
      expect(info.body).toMatchObject({ purpose: 'setup', email: '' });
      expect(Date.parse(info.body.expires_at) - Date.now()).toBeGreaterThan(59 * 60_000);
      expect(Date.parse(info.body.expires_at) - Date.now()).toBeLessThanOrEqual(60 * 60_000);
      // a refused form leaves the link as it was: the same link works afterwards
      const nameless = await b.request('POST', '/api/admin/auth/link', { token, password: goodPassword });
      expect(nameless.status).toBe(400);
      expect(nameless.body).toMatchObject({ code: 'email_required', field: 'email' });
      const weak = await b.request('POST', '/api/admin/auth/link', {
        token,
        email: 'first@lenobl.test',
        password: 'short',
      });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toMatch(/at least 12 characters/);
      const common = await b.request('POST', '/api/admin/auth/link', {
        token,
        email: 'first@lenobl.test',
        password: 'password1234',
      });
      expect(common.status).toBe(400);
      expect(common.body.message).toMatch(/most common/);
      const made = await b.request('POST', '/api/admin/auth/link', {
        token,
        email: 'first@lenobl.test',
        password: goodPassword,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body).toMatchObject({ email: 'first@lenobl.test', role: 'admin' });
      expect((await b.request('GET', '/api/admin/accounts')).status).toBe(200);
      const again = await new StaffBrowser(empty.app).request('POST', '/api/admin/auth/link', {
        token,
        email: 'second@lenobl.test',
        password: goodPassword,
      });
      expect(again.status).toBe(404);
      expect(await firstAdminLink(empty.database.db)).toBeNull();
      // a setup link made before the first admin existed makes no second one, and stays unused
      const late = await createLink(empty.database.db, 'setup', null);
      const second = { token: late, email: 'second@lenobl.test', password: goodPassword };
      const refused = await new StaffBrowser(empty.app).request('POST', '/api/admin/auth/link', second);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('first_admin_exists');
      expect((await b.request('GET', `/api/admin/auth/link?token=${late}`)).status).toBe(200);
    } finally {
      await empty.close();
    }
  });

  it('an admin invites an editor by mail; the link sets the password once', async () => {
    const a = new StaffBrowser(t.app);
    await a.signIn(admin);
    const invited = await a.request('POST', '/api/admin/accounts', {
      email: 'new.editor@lenobl.test',
      role: 'editor',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body).toMatchObject({ invited: true, role: 'editor' });
    expect(
      (await a.request('POST', '/api/admin/accounts', { email: 'NEW.editor@lenobl.test', role: 'editor' }))
        .status,
    ).toBe(409);
    const token = await mailedToken(t, 'new.editor@lenobl.test');
    // before the invitation is accepted the account cannot sign in
    expect((await new StaffBrowser(t.app).signIn('new.editor@lenobl.test')).status).toBe(401);
    const b = new StaffBrowser(t.app);
    expect((await b.request('GET', `/api/admin/auth/link?token=${token}`)).body).toMatchObject({
      purpose: 'invite',
      email: 'new.editor@lenobl.test',
    });
    const used = await b.request('POST', '/api/admin/auth/link', {
      token,
      password: goodPassword,
      name: 'Новый редактор',
    });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(used.body).toMatchObject({ role: 'editor', name: 'Новый редактор' });
    expect(
      (
        await new StaffBrowser(t.app).request('POST', '/api/admin/auth/link', {
          token,
          password: goodPassword,
        })
      ).status,
    ).toBe(404);
    expect((await new StaffBrowser(t.app).signIn('new.editor@lenobl.test')).status).toBe(200);
  });

  it('a second factor: on with a confirmed code, then asked for at every sign-in', async () => {
    const email = 'careful@lenobl.test';
    await makeStaff(t.database.db, email, 'editor');
    const b = new StaffBrowser(t.app);
    await b.signIn(email);
    const setup = await b.request('POST', '/api/admin/auth/totp/setup');
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\//);
    expect((await b.request('POST', '/api/admin/auth/totp/confirm', { code: '000000' })).status).toBe(400);
    const code = await generate({ secret: setup.body.secret });
    expect(
      (await b.request('POST', '/api/admin/auth/totp/confirm', { code })).body.account.totp_enabled,
    ).toBe(true);
    const again = new StaffBrowser(t.app);
    const asked = await again.signIn(email);
    expect(asked.status).toBe(401);
    expect(asked.body.second_factor).toBe(true);
    expect(asked.cookies.some((c) => c.startsWith('portal_staff='))).toBe(false);
    expect((await again.signIn(email, goodPassword, code)).status).toBe(200);
    // the same code a second time (seen over a shoulder) is refused
    const replayed = await new StaffBrowser(t.app).signIn(email, goodPassword, code);
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toMatch(/used already/);
  });

  it('when the settings require it, an admin without a second factor may only set it up', async () => {
    const a = new StaffBrowser(t.app);
    await a.signIn(admin);
    await a.request('PATCH', '/api/admin/settings', { totp_required_for_admins: true });
    try {
      const refused = await a.request('GET', '/api/admin/accounts');
      expect(refused.status).toBe(403);
      expect(refused.body.totp_required).toBe(true);
      expect((await a.request('GET', '/api/admin/auth/me')).body.totp_required).toBe(true);
      // editors are not concerned
      const e = new StaffBrowser(t.app);
      await e.signIn(editor);
      expect((await e.request('GET', '/api/admin/auth/me')).body.totp_required).toBe(false);
    } finally {
      await sql`delete from settings`.execute(t.database.db);
    }
  });

  it('never disables or demotes the last admin', async () => {
    const only = await createTestApp(kind);
    try {
      const id = await makeStaff(only.database.db, admin, 'admin');
      const a = new StaffBrowser(only.app);
      await a.signIn(admin);
      expect((await a.request('PATCH', `/api/admin/accounts/${id}`, { role: 'editor' })).status).toBe(409);
      expect((await a.request('PATCH', `/api/admin/accounts/${id}`, { disabled: true })).status).toBe(409);
    } finally {
      await only.close();
    }
  });
});
