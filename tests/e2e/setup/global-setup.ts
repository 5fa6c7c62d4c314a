import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './chromium.js';

// Starts the real portal (production build, embedded database with the demo content) once for all
// end-to-end test files, on a free loopback port and a throwaway data folder.

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

export default async function setup(project: TestProject) {
  const chromium = chromiumPath();
  project.provide('chromium', chromium);
  if (!chromium) {
    if (process.env.E2E_REQUIRED)
      throw new Error('E2E_REQUIRED is set but no Chromium was found (apt-get install chromium)');
    console.warn('\nNo Chromium found (apt-get install -y chromium): the end-to-end tests are skipped.\n');
    project.provide('baseUrl', '');
    project.provide('E2E_DATA_DIR', '');
    return;
  }
  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
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
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    // No teardown runs after a failed setup: the portal would outlive the test run.
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('E2E_DATA_DIR', dataDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
