// `npm run admin:create` while the portal runs on the embedded database, as an operator locked out
// of the back office would use it: the real portal in a child process, the command in another, on
// the same DATA_DIR. The portal holds the database (one process at a time may open it), so the
// command asks the portal, and the link it prints is the portal's own address; without a portal
// that answers it refuses and says why; with the portal stopped it does the work itself.

import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlSocketOf } from '../../server/control.js';
import { openDatabase } from '../../server/db/database.js';
import { copySeededPglite } from '../helpers/app.js';
import { type PortalProcess, startPortalProcess } from '../helpers/portal-process.js';
import { goodPassword } from '../helpers/staff.js';

const run = promisify(execFile);

/** `npm run admin:create -- <args>` with DATA_DIR and nothing else of the portal's settings. */
async function adminCreate(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' };
  for (const name of ['PORT', 'PUBLIC_URL', 'DATABASE_URL', 'HOST']) delete env[name];
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin-create.ts', ...args],
      { env, timeout: 60_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const linkIn = (text: string) => /(https?:\/\/\S+\/admin\/link\?token=[A-Za-z0-9_%-]+)/.exec(text)?.[1];

describe('npm run admin:create while the portal runs on the embedded database', () => {
  let dataDir: string;
  let portal: PortalProcess;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-admin-create-'));
    await copySeededPglite(path.join(dataDir, 'pglite'));
    // No PUBLIC_URL: the portal's address is http://localhost:<the port it was given>.
    portal = await startPortalProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
  }, 120_000);
  afterAll(async () => {
    if (portal?.child.exitCode === null) {
      portal.child.kill('SIGTERM');
      await portal.exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('creates the account in the running portal and prints a link to the portal’s own address', async () => {
    const made = await adminCreate(dataDir, '--email', 'locked.out@example.org', '--role', 'admin');
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/created the admin account locked\.out@example\.org/);
    const link = new URL(linkIn(made.stdout) ?? '');
    const port = new URL(portal.base).port;
    expect(link.host).toBe(`localhost:${port}`);
    // The link works on the running portal: it sets the password and signs in.
    const token = link.searchParams.get('token') as string;
    const info = await fetch(`${portal.base}/api/admin/auth/link?token=${token}`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ purpose: 'invite', email: 'locked.out@example.org' });
    const first = await fetch(`${portal.base}/api/admin/auth/me`);
    const xsrf = (first.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const used = await fetch(`${portal.base}/api/admin/auth/link`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: xsrf,
        'x-xsrf-token': decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)),
      },
      body: JSON.stringify({ token, password: goodPassword }),
    });
    expect(used.status).toBe(200);
    expect(await used.json()).toMatchObject({ email: 'locked.out@example.org', role: 'admin' });

    // Again for the same address: a link to choose a new password, the way back in.
    const again = await adminCreate(dataDir, '--email', 'locked.out@example.org', '--role', 'admin');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/has an account \(admin\) already: a link to choose a new password/);
    const reset = new URL(linkIn(again.stdout) ?? '').searchParams.get('token');
    expect(await (await fetch(`${portal.base}/api/admin/auth/link?token=${reset}`)).json()).toMatchObject({
      purpose: 'reset',
    });
  });

  it('keeps a second process off the embedded database: the command refuses when the portal does not answer, a second portal does not start', async () => {
    // A portal that holds the database but does not answer on its socket (here: the file is gone).
    await fs.rm(controlSocketOf(dataDir));
    const refused = await adminCreate(dataDir, '--email', 'nobody@example.org', '--role', 'editor');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(`not done: the portal \\(pid ${portal.child.pid}\\) has the embedded database open`),
    );
    expect(refused.stdout).not.toMatch(/created|\/admin\/link/);

    const second = await startPortalProcess({ DATA_DIR: dataDir, DATABASE_URL: '' }).then(
      (p) => {
        p.child.kill('SIGKILL');
        return 'started';
      },
      (err: Error) => err.message,
    );
    expect(second).toMatch(/The portal could not start: the embedded database .* is open in another process/);

    // The portal still has the account made through it, and not the refused one.
    portal.child.kill('SIGTERM');
    expect(await portal.exited).toBe(0);
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const emails = (await database.db.selectFrom('staff').select('email').execute()).map((r) => r.email);
      expect(emails).toContain('locked.out@example.org');
      expect(emails).not.toContain('nobody@example.org');
    } finally {
      await database.close();
    }
  });

  it('with the portal stopped, opens the database itself and says which address the link assumes', async () => {
    const made = await adminCreate(dataDir, '--email', 'later@example.org', '--role', 'editor');
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/created the editor account later@example\.org/);
    expect(linkIn(made.stdout)).toMatch(/^http:\/\/localhost:3000\/admin\/link\?token=/);
    expect(made.stderr).toMatch(
      /PUBLIC_URL is not set: the link assumes the portal at http:\/\/localhost:3000/,
    );
  });
});
