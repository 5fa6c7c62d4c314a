import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { keyId, keyRing, loadKeyRing } from '../../server/lib/secret-box.js';
import { resealTotpSecrets } from '../../server/modules/admin/auth/totp.js';
import { createSecondApp, createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { goodPassword, makeStaff, StaffBrowser } from '../helpers/staff.js';

// The second factor's secrets are sealed with SECRET_KEY (server/lib/secret-box.ts): the column
// never holds a secret in the clear, old clear rows are sealed at start, a key rotation re-seals,
// a wrong key says so; recovery codes sign in once each in place of the app's code.

const keyA = crypto.randomBytes(32).toString('base64');
const keyB = crypto.randomBytes(32).toString('hex');

/** The stored totp_secret of an account. */
async function stored(t: TestApp, email: string): Promise<string | null> {
  const row = await t.database.db
    .selectFrom('staff')
    .select('totp_secret')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.totp_secret;
}

/** Turns the second factor on for a signed-in browser; its secret and recovery codes. */
async function enrol(b: StaffBrowser): Promise<{ secret: string; codes: string[] }> {
  const setup = await b.request('POST', '/api/admin/auth/totp/setup');
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const secret = setup.body.secret as string;
  const on = await b.request('POST', '/api/admin/auth/totp/confirm', { code: await generate({ secret }) });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return { secret, codes: on.body.recovery_codes };
}

/** A code of the secret the server has not seen yet (a code counts once per 30 s step). */
async function freshCode(t: TestApp, secret: string): Promise<string> {
  await sql`update staff set totp_last_step = null`.execute(t.database.db);
  return generate({ secret });
}

const quiet = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

describe.each(databaseKinds)('second-factor secrets on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { SECRET_KEY: keyA });
  });
  afterAll(() => t?.close());

  it('stores no secret in the clear once the second factor is set up', async () => {
    const email = 'sealed@lenobl.test';
    await makeStaff(t.database.db, email, 'editor');
    const b = new StaffBrowser(t.app);
    await b.signIn(email);
    const setup = await b.request('POST', '/api/admin/auth/totp/setup');
    const during = (await stored(t, email)) as string;
    expect(during).not.toContain(setup.body.secret);
    expect(during).toMatch(new RegExp(`^v1\\.${keyId(Buffer.from(keyA, 'base64'))}\\.`));
    await b.request('POST', '/api/admin/auth/totp/confirm', {
      code: await generate({ secret: setup.body.secret }),
    });
    const after = (await stored(t, email)) as string;
    expect(after).not.toContain(setup.body.secret);
    expect(Buffer.from(after.split('.')[3] ?? '', 'base64url').toString('latin1')).not.toContain(
      setup.body.secret,
    );
    const again = new StaffBrowser(t.app);
    expect((await again.signIn(email, goodPassword, await freshCode(t, setup.body.secret))).status).toBe(200);
  });

  it('seals at start a secret stored in the clear before, and it still signs in', async () => {
    const email = 'old.row@lenobl.test';
    const id = await makeStaff(t.database.db, email, 'editor');
    const secret = generateSecret();
    await t.database.db
      .updateTable('staff')
      .set({ totp_secret: secret, totp_enabled: true })
      .where('id', '=', id)
      .execute();
    const restarted = await createSecondApp(t, { SECRET_KEY: keyA });
    try {
      const now = (await stored(t, email)) as string;
      expect(now).not.toContain(secret);
      expect(now).toMatch(/^v1\./);
      const b = new StaffBrowser(restarted);
      expect((await b.signIn(email, goodPassword, await freshCode(t, secret))).status).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('a recovery code signs in once, in place of the code, and never again', async () => {
    const email = 'lost.phone@lenobl.test';
    await makeStaff(t.database.db, email, 'editor');
    const b = new StaffBrowser(t.app);
    await b.signIn(email);
    const { codes } = await enrol(b);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
    // only hashes are stored
    const hashes = await t.database.db.selectFrom('staff_recovery_codes').select('code_hash').execute();
    for (const code of codes)
      expect(hashes.map((h) => h.code_hash).join()).not.toContain(code.replace(/-/g, ''));

    const first = codes[0] as string;
    // typed by hand: upper case, spaces instead of dashes
    const typed = first.toUpperCase().replace(/-/g, ' ');
    const inside = await new StaffBrowser(t.app).signIn(email, goodPassword);
    expect(inside.body.second_factor).toBe(true);
    const used = await new StaffBrowser(t.app).request('POST', '/api/admin/auth/sign-in', {
      email,
      password: goodPassword,
      recovery_code: typed,
    });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    const twice = await new StaffBrowser(t.app).request('POST', '/api/admin/auth/sign-in', {
      email,
      password: goodPassword,
      recovery_code: first,
    });
    expect(twice.status).toBe(401);
    expect(twice.body).toMatchObject({ second_factor: true, code: 'recovery_code_wrong' });
    // a right code with a wrong password is no way in either
    const wrongPassword = await new StaffBrowser(t.app).request('POST', '/api/admin/auth/sign-in', {
      email,
      password: 'not the password at all',
      recovery_code: codes[1],
    });
    expect(wrongPassword.status).toBe(401);
    expect((await b.request('GET', '/api/admin/auth/recovery-codes')).body).toEqual({ left: 9 });

    // new codes (with the password) replace the old ones
    expect(
      (await b.request('POST', '/api/admin/auth/recovery-codes', { password: 'wrong one' })).status,
    ).toBe(400);
    const renewed = await b.request('POST', '/api/admin/auth/recovery-codes', { password: goodPassword });
    expect(renewed.body.recovery_codes).toHaveLength(10);
    const old = await new StaffBrowser(t.app).request('POST', '/api/admin/auth/sign-in', {
      email,
      password: goodPassword,
      recovery_code: codes[1],
    });
    expect(old.status).toBe(401);
    const fresh = await new StaffBrowser(t.app).request('POST', '/api/admin/auth/sign-in', {
      email,
      password: goodPassword,
      recovery_code: renewed.body.recovery_codes[0],
    });
    expect(fresh.status).toBe(200);
    // turning the second factor off takes the codes with it
    await b.request('POST', '/api/admin/auth/totp/disable', { password: goodPassword });
    expect((await b.request('GET', '/api/admin/auth/recovery-codes')).body).toEqual({ left: 0 });
  });

  it('a key rotation: the new key re-seals at start, the old one opens until then', async () => {
    const email = 'rotated@lenobl.test';
    await makeStaff(t.database.db, email, 'editor');
    const b = new StaffBrowser(t.app);
    await b.signIn(email);
    const { secret } = await enrol(b);
    const idA = keyId(Buffer.from(keyA, 'base64'));
    const idB = keyId(Buffer.from(keyB, 'hex'));
    expect(await stored(t, email)).toMatch(new RegExp(`^v1\\.${idA}\\.`));

    const rotated = await createSecondApp(t, { SECRET_KEY: keyB, SECRET_KEY_PREVIOUS: keyA });
    try {
      expect(await stored(t, email)).toMatch(new RegExp(`^v1\\.${idB}\\.`));
      expect(
        (await new StaffBrowser(rotated).signIn(email, goodPassword, await freshCode(t, secret))).status,
      ).toBe(200);
    } finally {
      await rotated.close();
    }
    // the old key is no longer needed
    const newOnly = await createSecondApp(t, { SECRET_KEY: keyB });
    try {
      expect(
        (await new StaffBrowser(newOnly).signIn(email, goodPassword, await freshCode(t, secret))).status,
      ).toBe(200);
    } finally {
      await newOnly.close();
    }
  });

  it('a wrong key says so clearly, and the recovery codes still sign in', async () => {
    const email = 'wrong.key@lenobl.test';
    await makeStaff(t.database.db, email, 'editor');
    const b = new StaffBrowser(t.app);
    await b.signIn(email);
    const { secret, codes } = await enrol(b);
    const before = await stored(t, email);

    const errors: string[] = [];
    const log = { ...quiet, error: (m: string) => errors.push(m) } as unknown as FastifyBaseLogger;
    const other = keyRing(crypto.randomBytes(32));
    const result = await resealTotpSecrets(t.database.db, other, log);
    expect(result.unreadable).toBeGreaterThanOrEqual(1);
    expect(errors.join()).toMatch(/SECRET_KEY_PREVIOUS/);
    expect(await stored(t, email)).toBe(before);

    const wrong = await createSecondApp(t, { SECRET_KEY: crypto.randomBytes(32).toString('base64') });
    try {
      const r = await new StaffBrowser(wrong).signIn(email, goodPassword, await freshCode(t, secret));
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ code: 'second_factor_unreadable', second_factor: true });
      expect(r.body.message).toMatch(/SECRET_KEY/);
      const rescued = await new StaffBrowser(wrong).request('POST', '/api/admin/auth/sign-in', {
        email,
        password: goodPassword,
        recovery_code: codes[0],
      });
      expect(rescued.status).toBe(200);
    } finally {
      await wrong.close();
    }
    // a sealed value moved to another account does not open there
    const thief = await makeStaff(t.database.db, 'thief@lenobl.test', 'editor');
    await t.database.db
      .updateTable('staff')
      .set({ totp_secret: before, totp_enabled: true })
      .where('id', '=', thief)
      .execute();
    const moved = await new StaffBrowser(t.app).signIn(
      'thief@lenobl.test',
      goodPassword,
      await freshCode(t, secret),
    );
    expect(moved.status).toBe(503);
  });
});

describe('SECRET_KEY', () => {
  it('is 32 bytes in base64 or hex, and required with PostgreSQL in production', () => {
    expect(loadConfig({ SECRET_KEY: keyA }).secretKey?.length).toBe(32);
    expect(loadConfig({ SECRET_KEY: keyB }).secretKey?.equals(Buffer.from(keyB, 'hex'))).toBe(true);
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ SECRET_KEY: keyA.slice(0, 40) })).toThrow(/SECRET_KEY must be 32 random bytes/);
    expect(() => loadConfig({ SECRET_KEY: keyA, SECRET_KEY_PREVIOUS: 'nope' })).toThrow(
      /SECRET_KEY_PREVIOUS/,
    );
    expect(() => loadConfig({ SECRET_KEY_PREVIOUS: keyA })).toThrow(/needs SECRET_KEY/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example.org/portal' }),
    ).toThrow(/SECRET_KEY is required with DATABASE_URL in production/);
    // the embedded database (npm start) and development work without it
    expect(loadConfig({ NODE_ENV: 'production' }).secretKey).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example.org/portal' }).secretKey).toBeUndefined();
  });

  it('unset: a key generated once under DATA_DIR, readable by its owner only, with a warning', async (ctx) => {
    const dir = await fs.mkdtemp(path.join((await import('node:os')).tmpdir(), 'portal-key-'));
    try {
      const warnings: string[] = [];
      const config = { secretKey: undefined, secretKeysPrevious: [], dataDir: dir };
      const first = await loadKeyRing(config, (m) => warnings.push(m));
      const second = await loadKeyRing(config, (m) => warnings.push(m));
      expect(first.currentId).toBe(second.currentId);
      expect(second.open(first.seal('a secret', 'here'), 'here')).toBe('a secret');
      expect(warnings.join()).toMatch(/SECRET_KEY is not set/);
      if (process.platform === 'win32') ctx.skip();
      expect((await fs.stat(path.join(dir, 'secret-key'))).mode & 0o777).toBe(0o600);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
