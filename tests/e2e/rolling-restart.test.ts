// The repository's nginx configuration (deploy/nginx/portal.conf) in front of two portal servers
// (production build, one PostgreSQL): nginx accepts it, and a rolling restart under a steady load
// through it fails no request. Each server in turn gets SIGTERM (it stops taking connections,
// finishes what it answers, closes its kept-alive connections and its jobs, exits), is started
// again on its port and takes requests again before the next one goes.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDatabase } from '../helpers/app.js';
import { adaptedConf, nginxBinary, testCertificate } from '../helpers/nginx.js';
import { freePort, type PortalProcess, startPortalProcess } from '../helpers/portal-process.js';
import { describeE2E } from './setup/browser.js';

const nginx = nginxBinary();
const wrk = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => {
  try {
    execFileSync(p, ['-v'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk -v prints its version and exits with 1
    return (err as { status?: number }).status === 1;
  }
});

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The requests a server logged as answered. */
const answered = (portal: PortalProcess) =>
  portal
    .output()
    .split('\n')
    .filter((l) => l.includes('"msg":"request"')).length;

if (!nginx) {
  console.warn(
    'nginx is not installed (apt-get install -y nginx): the nginx configuration tests are skipped',
  );
}

const describeNginx = (name: string, fn: () => void) =>
  nginx
    ? describe(name, fn)
    : describe.skip(`${name} (nginx is not installed: apt-get install -y nginx)`, fn);

describeNginx('deploy/nginx/portal.conf', () => {
  it('passes nginx -t with a certificate made for the test', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-nginx-t-'));
    try {
      const { cert, key } = testCertificate(dir);
      const conf = adaptedConf({
        dir,
        cert,
        key,
        upstreams: ['127.0.0.1:3001', '127.0.0.1:3002'],
        httpPort: 8080,
        tlsPort: 8443,
      });
      const out = execFileSync(nginx as string, ['-t', '-c', conf, '-p', dir], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
      expect(out).toBe('');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

const describeRolling = (name: string, fn: () => void) =>
  !process.env.TEST_DATABASE_URL
    ? describe.skip(`${name} (needs TEST_DATABASE_URL)`, fn)
    : !nginx || !wrk
      ? describe.skip(`${name} (needs nginx and wrk: apt-get install -y nginx wrk)`, fn)
      : describeE2E(name, fn);

describeRolling('a rolling restart behind nginx', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => {});
  });
  let dir: string;
  let proxy: string;
  const servers: { env: Record<string, string>; portal: PortalProcess }[] = [];

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-rolling-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
    const fresh = await seededDatabase('postgres');
    cleanup.push(() => fresh.drop());
    for (const name of ['a', 'b']) {
      const env = {
        DATA_DIR: path.join(dir, name),
        DATABASE_URL: fresh.url as string,
        PORT: String(await freePort()),
        TRUST_PROXY: '127.0.0.1',
        WEB_BUILD_DIR: '',
        // What is counted is what the restarts cost. On this shared machine (load 15 and more
        // while other suites run) an uncached search now and then waited longer than the default
        // 1.5 s for the database and got its 503, restart or not: that limit has tests of its own.
        DATABASE_REQUEST_TIMEOUT_MS: '10000',
      };
      const portal = await startPortalProcess(env, { build: true });
      servers.push({ env, portal });
    }
    cleanup.push(async () => {
      for (const s of servers) s.portal.child.kill('SIGKILL');
    });
    const { cert, key } = testCertificate(dir);
    const tlsPort = await freePort();
    const conf = adaptedConf({
      dir,
      cert,
      key,
      upstreams: servers.map((s) => `127.0.0.1:${s.env.PORT}`),
      httpPort: await freePort(),
      tlsPort,
    });
    const child = spawn(nginx as string, ['-c', conf, '-p', dir, '-g', 'daemon off;'], { stdio: 'ignore' });
    cleanup.push(async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      child.kill('SIGKILL');
    });
    proxy = `https://127.0.0.1:${tlsPort}`;
    await until('nginx', async () => {
      const r = await new Promise<number>((resolve) => {
        const curl = spawn('curl', [
          '-sk',
          '-o',
          '/dev/null',
          '-w',
          '%{http_code}',
          `${proxy}/api/attractions/?limit=1`,
        ]);
        let out = '';
        curl.stdout.on('data', (d) => {
          out += d;
        });
        curl.on('exit', () => resolve(Number(out)));
      });
      return r === 200;
    });
  });

  it('restarting the servers one at a time fails no request under a steady load', {
    timeout: 120_000,
  }, async () => {
    const script = path.join(dir, 'steady.lua');
    const paths = [
      '/api/attractions/?limit=9',
      '/api/attractions/?limit=9&offset=9',
      '/',
      '/attractions/list',
      `/api/search/?q=${encodeURIComponent('усадьба')}`,
    ];
    // 4 connections, each asking every 25 ms at most: a steady rate, not as fast as possible
    await fs.writeFile(
      script,
      `local paths = { ${paths.map((p) => `"${p}"`).join(', ')} }
local i = 0
local threads = {}
setup = function(thread) table.insert(threads, thread) end
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1], { ["Accept-Encoding"] = "gzip" })
end
delay = function() return 25 end
statuses = {}
response = function(status, headers, body)
  if status < 200 or status > 299 then statuses[status] = (statuses[status] or 0) + 1 end
end
done = function(summary, latency, requests)
  local e = summary.errors
  local other = 0
  local seen = ""
  for _, t in ipairs(threads) do
    for status, n in pairs(t:get("statuses")) do
      other = other + n
      seen = seen .. " " .. status .. "x" .. n
    end
  end
  io.write(string.format('WRK_JSON {"requests":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"non2xx":%d,"p99_us":%d,"seen":"%s"}\\n',
    summary.requests, e.connect, e.read, e.write, e.status, e.timeout, other, latency:percentile(99), seen))
end
`,
    );
    let output = '';
    const load: ChildProcess = spawn(wrk as string, [
      '-t1',
      '-c4',
      '-d120s',
      '--timeout',
      '10s',
      '-s',
      script,
      proxy,
    ]);
    load.stdout?.on('data', (d) => {
      output += d;
    });
    const loadDone = new Promise((r) => load.once('exit', r));
    cleanup.push(async () => load.kill('SIGKILL'));
    await new Promise((r) => setTimeout(r, 2000));

    const drains: number[] = [];
    for (const server of servers) {
      const before = answered(server.portal);
      await until('the server answering through nginx', () => answered(server.portal) > before + 5, 20_000);
      const stopping = Date.now();
      server.portal.child.kill('SIGTERM');
      const code = await server.portal.exited;
      drains.push(Date.now() - stopping);
      expect(code, server.portal.output().slice(-2000)).toBe(0);
      server.portal = await startPortalProcess(server.env, { build: true });
      // back in nginx's rotation: it answers requests through the proxy again
      await until('the restarted server answering through nginx', () => answered(server.portal) > 10, 30_000);
    }
    await new Promise((r) => setTimeout(r, 1000));
    load.kill('SIGINT');
    await loadDone;
    const line = /^WRK_JSON (.*)$/m.exec(output)?.[1];
    expect(line, output).toBeTruthy();
    const r = JSON.parse(line as string) as {
      requests: number;
      connect: number;
      read: number;
      write: number;
      status: number;
      timeout: number;
      non2xx: number;
    };
    const failed = r.connect + r.read + r.write + r.timeout + r.non2xx;
    // what nginx answered other than 2xx, with the servers' answers behind it
    const access = await fs.readFile(path.join(dir, 'portal-access.log'), 'utf8');
    const refused = access
      .split('\n')
      .filter((l) => /" [^2]\d\d /.test(l))
      .slice(0, 20);
    console.log(
      `rolling restart: ${r.requests} requests through nginx, ${failed} failed (${JSON.stringify(r)}); ` +
        `SIGTERM to exit: ${drains.join(', ')} ms`,
    );
    expect(r.requests).toBeGreaterThan(200);
    expect(failed, refused.join('\n')).toBe(0);
    for (const ms of drains) expect(ms).toBeLessThan(12_000);
  });
});
