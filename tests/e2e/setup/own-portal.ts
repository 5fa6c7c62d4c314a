import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { openDatabase } from '../../../server/db/database.js';

// A portal of a test's own (the production build), from a copy of the seeded demo database: for
// tests that change content or accounts, so that the shared portal's content stays as it was.

const root = path.resolve(import.meta.dirname, '../../..');

export interface OwnPortal {
  child: ChildProcess;
  base: string;
  dataDir: string;
  /** With `setupLink`: the first admin's setup link the portal printed (no staff account yet). */
  setupLink?: string;
  /** Everything the portal printed so far. */
  output(): string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Starts the portal on a free port. `prepare` runs on the copied database before the portal opens
 * it (accounts made directly); `setupLink` waits for the first admin's setup link too.
 */
export async function startOwnPortal(
  prefix: string,
  options: {
    setupLink?: boolean;
    prepare?: (db: Database) => Promise<void>;
    /** More settings of the portal (e.g. WEB_BUILD_DIR, a copy of the build a test changes). */
    env?: Record<string, string>;
    /** The project folder to run from (a copy holding dist/server): this project by default. */
    projectDir?: string;
    /** Start on an empty data directory instead of a copy of the seeded database. */
    empty?: boolean;
  } = {},
): Promise<OwnPortal> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const seeded = inject('seededDatabases').pglite;
  if (seeded && !options.empty) fs.cpSync(seeded, path.join(dataDir, 'pglite'), { recursive: true });
  if (options.prepare) {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      await options.prepare(database);
    } finally {
      await database.close();
    }
  }
  const base = `http://127.0.0.1:${port}`;
  const dir = options.projectDir ?? root;
  const child = spawn(process.execPath, [path.join(dir, 'dist/server/main.js')], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      WEB_BUILD_DIR: '',
      MEDIA_PRERENDER: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited:\n${output}`);
    const link = /(http:\/\/\S+\/admin\/link\?token=[A-Za-z0-9_%-]+)/.exec(output)?.[1];
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up && (link || !options.setupLink))
      return { child, base, dataDir, output: () => output, ...(link ? { setupLink: link } : {}) };
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`no answer${options.setupLink ? ' or no setup link' : ''} within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function stopOwnPortal(portal: OwnPortal): Promise<void> {
  if (portal.child.exitCode === null) {
    portal.child.kill('SIGTERM');
    await new Promise((r) => portal.child.once('exit', r));
  }
  fs.rmSync(portal.dataDir, { recursive: true, force: true });
}
