import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { maskEmail } from './lib/mask.js';
import { linkPath } from './modules/admin/auth/links.js';
import { operatorAccount, operatorLink } from './modules/admin/auth/operator.js';

// The running portal's channel for the operator's commands on the same machine: a Unix socket in
// DATA_DIR (owner-only), served by the process that serves alone (not by a cluster's workers).
// With the embedded database it is the only way a command can change the database while the portal
// runs, since one process at a time may open it (server/db/data-dir-lock.ts); with PostgreSQL it
// gives the command the portal's own address for the links it prints. `npm run backup` asks it for
// the embedded database's dump for the same reason. Whoever may connect to it
// may read and write DATA_DIR, and so the embedded database, anyway: it adds no power.

/** Where the socket is: `DATA_DIR/portal.sock`. */
export const controlSocketOf = (dataDir: string) => path.join(dataDir, 'portal.sock');

/** A Unix socket's path is at most 107 bytes on Linux (104 on macOS). */
const maxSocketPath = 100;

/** What `POST /admin-create` answers: the account, whether it is new, and its one-time link. */
export interface AdminCreated {
  email: string;
  created: boolean;
  role: string;
  link: string;
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 10_000) throw new Error('too long');
  }
  return JSON.parse(text);
}

/** Answers `POST /backup`: the embedded database's dump (a gzipped tar of its data directory). */
function sendBackup(
  database: Pick<Database, 'dumpDataDir'>,
  res: http.ServerResponse,
  log: { info(msg: string): void },
): void {
  if (!database.dumpDataDir) {
    send(res, 409, { error: 'the portal uses PostgreSQL: npm run backup runs pg_dump on it directly' });
    return;
  }
  const started = performance.now();
  database
    .dumpDataDir()
    .then(async (dump) => {
      const bytes = Buffer.from(await dump.arrayBuffer());
      log.info(
        `backup from the terminal: the embedded database dumped (${bytes.length} bytes, ${Math.round(performance.now() - started)} ms)`,
      );
      res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.length }).end(bytes);
    })
    .catch((err: Error) => send(res, 500, { error: err.message }));
}

/**
 * Listens on DATA_DIR/portal.sock; returns its close. A socket file left by a portal that died is
 * replaced; one that another running portal answers on (PostgreSQL, the same DATA_DIR) is left to it.
 */
export async function serveControl(
  database: Pick<Database, 'db' | 'dumpDataDir'>,
  config: Config,
  log: { info(msg: string): void; warn(msg: string): void },
): Promise<() => Promise<void>> {
  const file = controlSocketOf(config.dataDir);
  const none = async () => {};
  if (Buffer.byteLength(file) > maxSocketPath) {
    log.warn(
      `DATA_DIR's path is too long for the operator's socket (${file}): npm run admin:create works only while the portal is stopped`,
    );
    return none;
  }
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/ping') return send(res, 200, {});
    if (req.method === 'POST' && req.url === '/backup') return sendBackup(database, res, log);
    if (req.method !== 'POST' || req.url !== '/admin-create')
      return send(res, 404, { error: 'unknown command' });
    readJson(req)
      .then(async (body) => {
        const account = operatorAccount(body);
        if (!account)
          return send(res, 400, { error: 'an email address and a role (admin or editor) are needed' });
        const made = await operatorLink(database.db, account);
        log.info(
          `admin:create from the terminal: ${made.created ? `new ${made.role} account` : 'a new password link for'} ${maskEmail(made.email)}`,
        );
        const answer: AdminCreated = {
          email: made.email,
          created: made.created,
          role: made.role,
          link: `${config.publicUrl}${linkPath(made.token)}`,
        };
        send(res, 200, answer);
      })
      .catch((err: Error) => send(res, 500, { error: err.message }));
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await fs.mkdir(config.dataDir, { recursive: true });
    try {
      await listen();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      if (await askPortal(config.dataDir, 'ping').catch(() => null)) {
        log.warn(`another portal answers on ${file}: npm run admin:create goes to that one`);
        return none;
      }
      await fs.rm(file, { force: true });
      await listen();
    }
    await fs.chmod(file, 0o600);
  } catch (err) {
    log.warn(`the operator's socket ${file} could not be opened (${(err as Error).message})`);
    return none;
  }
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/**
 * Sends a command to the portal that runs on DATA_DIR (`ping`: is one there). Resolves with its
 * answer, or null when no portal listens there; rejects with the portal's refusal.
 */
export function askPortal(dataDir: string, command: 'ping'): Promise<true | null>;
export function askPortal(
  dataDir: string,
  command: 'admin-create',
  body: unknown,
): Promise<AdminCreated | null>;
export function askPortal(dataDir: string, command: string, body?: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath: controlSocketOf(dataDir),
        path: `/${command}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          if (command === 'ping') return resolve(true);
          let answer: { error?: string } | undefined;
          try {
            answer = JSON.parse(text);
          } catch {
            answer = undefined;
          }
          if (res.statusCode === 200 && answer) resolve(answer);
          else reject(new Error(answer?.error ?? `the portal answered ${res.statusCode}`));
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('the portal did not answer within 30 s')));
    req.on('error', (err: NodeJS.ErrnoException) => {
      // No socket, or a socket file nobody listens on: no portal runs on this DATA_DIR.
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
    req.end(body === undefined ? '' : JSON.stringify(body));
  });
}

/**
 * Asks the portal that runs on DATA_DIR for its embedded database's dump (`npm run backup`).
 * Resolves with the dump, or null when no portal listens there; rejects with the portal's refusal.
 */
export function askPortalForBackup(dataDir: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath: controlSocketOf(dataDir), path: '/backup', method: 'POST', timeout: 10 * 60_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          if (res.statusCode === 200) return resolve(body);
          let error: string | undefined;
          try {
            error = (JSON.parse(body.toString('utf8')) as { error?: string }).error;
          } catch {}
          reject(new Error(error ?? `the portal answered ${res.statusCode}`));
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('the portal did not send the dump within 10 minutes')));
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
    req.end();
  });
}
