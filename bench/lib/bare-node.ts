import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, sleep } from './proc.js';

/** An answer as it went over the wire: status, headers and the body bytes undecoded. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** GET without decoding the body (fetch would gunzip it): the bytes a client received. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Headers Node's server writes itself for every answer. */
const perConnection = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The headers of an answer as a server would write them again (without the per-connection ones). */
export function replayHeaders(headers: http.IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !perConnection.has(name)) out[name] = value;
  }
  return out;
}

// The server: one process, node:http and nothing else, the answers read once at the start.
const server = `
import fs from 'node:fs';
import http from 'node:http';
const answers = new Map();
for (const [name, headers] of Object.entries(JSON.parse(fs.readFileSync(process.argv[1] + '/index.json', 'utf8')))) {
  answers.set('/' + name, { headers, body: fs.readFileSync(process.argv[1] + '/' + name) });
}
http.createServer((req, res) => {
  const a = answers.get(req.url);
  if (!a) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, a.headers);
  res.end(a.body);
}).listen(Number(process.argv[2]), '127.0.0.1', () => console.log('listening'));
`;

export interface BareNode {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The bare Node ceiling: a node:http server in its own process that answers `/<name>` with the
 * given bytes and headers, nothing else (no framework, no hooks, no logging). What the portal's
 * cached answers are compared with: the same runtime, the same bytes, the same headers.
 */
export async function startBareNode(
  answers: Map<string, { body: Buffer; headers: Record<string, string | string[]> }>,
): Promise<BareNode> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-bare-'));
  const index: Record<string, Record<string, string | string[]>> = {};
  for (const [name, a] of answers) {
    await fs.writeFile(path.join(dir, name), a.body);
    index[name] = a.headers;
  }
  await fs.writeFile(path.join(dir, 'index.json'), JSON.stringify(index));
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--input-type=module', '-e', server, dir, String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare Node server exited (${code})`)));
    child.stdout?.once('data', () => resolve());
  });
  child.removeAllListeners('exit');
  await sleep(50);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = async () => {
          await fs.rm(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return void done();
        child.once('exit', () => void done());
        child.kill('SIGTERM');
      }),
  };
}
