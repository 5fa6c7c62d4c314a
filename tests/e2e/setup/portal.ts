import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// The real portal the end-to-end tests drive: the production build, the embedded database with the
// demo content, a free loopback port and a throwaway data folder. One for the whole run
// (tests/setup/global-setup.ts starts it).

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromium: string | null;
    /** The portal's DATA_DIR: mails land in its outbox/ folder as .eml files. */
    E2E_DATA_DIR: string;
  }
}

const root = path.resolve(import.meta.dirname, '../../..');

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

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the portal did not answer within 90 s:\n${log()}`);
}

/**
 * Builds the portal when the build is missing or older than its sources, in a child process: the
 * caller's event loop stays free for the work it does meanwhile (seeding the test databases).
 */
export function ensureBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], {
      cwd: root,
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`scripts/ensure-build.mjs exited with ${code}`)),
    );
  });
}

export interface E2EPortal {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the built portal. `pglite`: a closed, seeded PGlite data directory to start from (a copy);
 * without it the portal migrates and seeds an empty database itself.
 */
export async function startE2EPortal(pglite = ''): Promise<E2EPortal> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  if (pglite) fs.cpSync(pglite, path.join(dataDir, 'pglite'), { recursive: true });
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      WEB_BUILD_DIR: '',
      // The tests' own pictures are rendered when asked; ahead of time would take a core throughout.
      MEDIA_PRERENDER: 'false',
      // And at libavif's least effort: the renders of every picture the pages show ran beside the
      // tests and took a core most of the time (the AVIF's size is not what these tests are about;
      // the pictures' own tests start their own portals with the default).
      MEDIA_AVIF_EFFORT: '0',
      // Every test sends from 127.0.0.1: the visitor forms' per-address limits would trip across files.
      FEEDBACK_RATE_LIMIT: '1000',
      SUBSCRIBE_RATE_LIMIT: '1000',
      // Feedback is mailed to the staff address, so the tests can see a message arrive in the outbox.
      FEEDBACK_TO: 'staff@example.org',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  let stopping = false;
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    // No teardown runs after a failed setup: the portal would outlive the test run.
    await stop();
    throw error;
  }
  // Every later e2e test fails with "connection refused" then: the portal's own words say why.
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`\nthe e2e portal exited (${signal ?? code}) during the run:\n${output}`);
  });
  return { baseUrl, dataDir, stop };
}
