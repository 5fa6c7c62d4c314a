import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisBackoffPrefix } from '../../server/lib/backoff.js';
import { signInBackoff } from '../../server/modules/admin/auth/attempts.js';
import { createSecondApp, createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { mailText, readOutbox } from '../helpers/mail.js';
import { goodPassword, makeStaff, StaffBrowser } from '../helpers/staff.js';

// Failed sign-ins slow the guesser down and never lock the owner out
// (server/modules/admin/auth/attempts.ts): the waits grow, the owner's trusted browser and second
// factor still get in, and the owner is mailed once per burst.

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Ends every wait the back-off has set, as if the guesser had waited (database and Redis). */
async function waitOut(t: TestApp, redis?: Redis): Promise<void> {
  await sql`update failure_backoff set wait_until = now() - interval '1 second'`.execute(t.database.db);
  if (redis) {
    for (const key of await redis.keys(`${redisBackoffPrefix}*`)) await redis.hset(key, 'until', '0');
  }
}

/** The mails to an address about attempts on its account, once the queue has sent what is due. */
async function attackMails(app: FastifyInstance, t: TestApp, to: string): Promise<string[]> {
  await app.mail.processDue();
  return (await readOutbox(t.dataDir))
    .map(mailText)
    .filter((m) => m.includes(`To: ${to}`) && m.includes('Someone has failed to sign in to your account'));
}

/**
 * Wrong passwords for `email` until one is answered 429 (at most 20); the Retry-After of that
 * answer. With browsers from `guessers`, in turn (several processes, several addresses).
 */
async function guessUntilSlowedDown(guessers: StaffBrowser[], email: string): Promise<number> {
  for (let i = 0; i < 20; i++) {
    const r = await (guessers[i % guessers.length] as StaffBrowser).signIn(
      email,
      `guess ${i} ${Math.random()}`,
    );
    if (r.status === 429) {
      expect(r.body.code).toBe('sign_in_throttled_account');
      expect(r.body.retry_after).toBe(Number(r.headers['retry-after']));
      return Number(r.headers['retry-after']);
    }
    expect(r.status, JSON.stringify(r.body)).toBe(401);
  }
  throw new Error('never slowed down');
}

/**
 * Slows the account down for a few seconds at least: `rounds` bursts of guesses, waited out
 * between them, so that what a test checks next does not depend on a second's pause.
 */
async function slowDown(t: TestApp, email: string, rounds = 3): Promise<number> {
  for (let i = 1; i < rounds; i++) {
    await guessUntilSlowedDown([new StaffBrowser(t.app)], email);
    await waitOut(t);
  }
  return guessUntilSlowedDown([new StaffBrowser(t.app)], email);
}

describe.each(databaseKinds)('sign-in back-off on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('a guesser elsewhere does not stop the owner, whose browser signed in before', async () => {
    const owner = 'only.admin@lenobl.test';
    await makeStaff(t.database.db, owner, 'admin');
    const laptop = new StaffBrowser(t.app);
    expect((await laptop.signIn(owner)).status).toBe(200);
    expect(laptop.jar.get('portal_device')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await laptop.request('POST', '/api/admin/auth/sign-out');

    // 40 wrong passwords from 40 addresses: past the free five, they wait
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await new StaffBrowser(t.app).signIn(owner, `guess ${i}`)).status);
    expect(statuses.slice(0, signInBackoff.account.free)).toEqual(
      Array(signInBackoff.account.free).fill(401),
    );
    expect(statuses.slice(signInBackoff.account.free)).toContain(429);

    // the owner's browser gets in, again and again, with its new device cookie each time
    expect((await laptop.signIn(owner)).status).toBe(200);
    expect((await laptop.request('GET', '/api/admin/auth/me')).body.email).toBe(owner);
    await laptop.request('POST', '/api/admin/auth/sign-out');
    expect((await laptop.signIn(owner)).status).toBe(200);
    // a browser it never signed in from waits, even with the right password
    await slowDown(t, owner);
    const elsewhere = await new StaffBrowser(t.app).signIn(owner);
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body.message).toMatch(/too many failed sign-ins to this account/);
    // nothing about a lock is left in the accounts list
    const list = await laptop.request('GET', '/api/admin/accounts');
    expect(list.body.results.find((a: { email: string }) => a.email === owner)).not.toHaveProperty('locked');
  });

  it("the guesser's attempts get slower and slower (429 with a growing Retry-After)", async () => {
    const owner = 'slowed@lenobl.test';
    await makeStaff(t.database.db, owner, 'editor');
    const guesser = new StaffBrowser(t.app);
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      waits.push(await guessUntilSlowedDown([guesser], owner));
      await waitOut(t);
    }
    // 1, 2, 4, 8 s; a Retry-After is the wait left when asked, so a busy machine's second between two
    // requests can make one round's equal to the last: never shorter, and growing over the rounds
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1] as number);
    expect(waits[3]).toBeGreaterThan(waits[0] as number);
    expect(waits[3]).toBeGreaterThanOrEqual(4);
  });

  it('answers an address without an account exactly as one with an account', async () => {
    await makeStaff(t.database.db, 'has.account@lenobl.test', 'editor');
    const answers = [];
    for (const email of ['nobody.here@lenobl.test', 'has.account@lenobl.test']) {
      await slowDown(t, email);
      const r = await new StaffBrowser(t.app).signIn(email);
      answers.push({ status: r.status, code: r.body.code, message: r.body.message.replace(/\d+ s/, 'N s') });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.status).toBe(429);
  });

  it('mails the owner once per burst of failures, not at every attempt', async () => {
    const owner = 'mailed@lenobl.test';
    await makeStaff(t.database.db, owner, 'editor');
    const guesser = new StaffBrowser(t.app);
    for (let round = 0; round < 3; round++) {
      await guessUntilSlowedDown([guesser], owner);
      await waitOut(t);
    }
    const mails = await attackMails(t.app, t, owner);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/5 times in a row/);
    expect(mails[0]).toContain(guesser.address);
    // once the owner has signed in (not slowed down: the count starts again), a new burst is a new mail
    await sql`delete from failure_backoff`.execute(t.database.db);
    expect((await new StaffBrowser(t.app).signIn(owner)).status).toBe(200);
    await guessUntilSlowedDown([new StaffBrowser(t.app)], owner);
    expect(await attackMails(t.app, t, owner)).toHaveLength(2);
  });

  it('lets the owner in with the second factor while the account is slowed down', async () => {
    const owner = 'two.factors@lenobl.test';
    await makeStaff(t.database.db, owner, 'admin');
    const setUp = new StaffBrowser(t.app);
    await setUp.signIn(owner);
    const secret = (await setUp.request('POST', '/api/admin/auth/totp/setup')).body.secret as string;
    await setUp.request('POST', '/api/admin/auth/totp/confirm', { code: await generate({ secret }) });
    await sql`update staff set totp_last_step = null`.execute(t.database.db);

    await slowDown(t, owner);
    const phone = new StaffBrowser(t.app);
    // the password alone waits; a wrong code waits as well, and so does the right code with a
    // wrong password (the answer does not say what was wrong)
    expect((await phone.signIn(owner)).status).toBe(429);
    expect((await phone.signIn(owner, goodPassword, '000000')).status).toBe(429);
    const code = await generate({ secret });
    expect((await phone.signIn(owner, 'a wrong password here', code)).status).toBe(429);
    const inside = await phone.signIn(owner, goodPassword, code);
    expect(inside.status, JSON.stringify(inside.body)).toBe(200);
    // getting in that way does not end the guesser's wait
    expect((await new StaffBrowser(t.app).signIn(owner)).status).toBe(429);
  });

  it("a trusted browser's own failures count against it: after 10 it is trusted no more", async () => {
    const owner = 'forgetful@lenobl.test';
    await makeStaff(t.database.db, owner, 'editor');
    const own = new StaffBrowser(t.app);
    expect((await own.signIn(owner)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await own.signIn(owner, `not it ${i}`)).status).toBe(401);
    // its failures were its own: nobody else waits
    expect((await new StaffBrowser(t.app).signIn(owner)).status).toBe(200);
    await slowDown(t, owner);
    expect((await own.signIn(owner)).status).toBe(429);
  });

  it('slows down one address that tries many accounts', async () => {
    const sprayer = new StaffBrowser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < signInBackoff.address.free + 1; i++) {
      statuses.push((await sprayer.signIn(`person${i}@lenobl.test`, 'whatever it is')).status);
    }
    expect(statuses.slice(0, signInBackoff.address.free).every((s) => s === 401)).toBe(true);
    const last = await sprayer.signIn('someone.else@lenobl.test', 'whatever it is');
    expect(last.status).toBe(429);
    expect(last.body.code).toBe('sign_in_throttled_address');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-in back-off shared through Redis', () => {
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

  it('two portal processes count the same failures, and the owner still gets in', async (ctx) => {
    if (!redisUp) ctx.skip();
    const a = await createTestApp('pglite', { REDIS_URL: redisUrl });
    const b = await createSecondApp(a, { REDIS_URL: redisUrl });
    const redis = new Redis(redisUrl);
    try {
      const owner = `shared.${Date.now()}@lenobl.test`;
      await makeStaff(a.database.db, owner, 'admin');
      const laptop = new StaffBrowser(a.app);
      expect((await laptop.signIn(owner)).status).toBe(200);

      // a guesser going through both processes in turn is slowed down after five failures in all
      const guessers = [new StaffBrowser(a.app), new StaffBrowser(b)];
      const waits: number[] = [];
      for (let round = 0; round < 3; round++) {
        if (round) await waitOut(a, redis);
        waits.push(await guessUntilSlowedDown(guessers, owner));
      }
      // 1, 2, 4 s (the Retry-After is what is left of it when asked: never shorter, growing in all)
      for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1] as number);
      expect(waits[2]).toBeGreaterThan(waits[0] as number);
      // nothing was counted in the database: Redis holds the counts
      expect(
        (await sql<{ n: number }>`select count(*)::int as n from failure_backoff`.execute(a.database.db))
          .rows[0]?.n,
      ).toBe(0);
      expect((await new StaffBrowser(b).signIn(owner)).status).toBe(429);

      // the owner's browser gets in through either process
      const throughB = new StaffBrowser(b, laptop.address);
      throughB.jar.set('portal_device', laptop.jar.get('portal_device') as string);
      expect((await throughB.signIn(owner)).status).toBe(200);
      expect(await attackMails(a.app, a, owner)).toHaveLength(1);
    } finally {
      redis.disconnect();
      await b.close();
      await a.close();
    }
  });

  it('keeps slowing guessers down in the database when Redis does not answer', async () => {
    const t = await createTestApp('pglite', { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      await guessUntilSlowedDown([new StaffBrowser(t.app)], 'redis.down@lenobl.test');
    } finally {
      await t.close();
    }
  });
});
