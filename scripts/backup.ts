// `npm run backup [-- --out <folder>]` writes a backup of the portal's database into the folder
// (default ./backups) and prints its file, size and time:
// - PostgreSQL (DATABASE_URL): pg_dump's custom format, `portal-postgres-<time>.dump`;
// - the embedded database (DATA_DIR): its data directory as PGlite dumps it, a gzipped tar,
//   `portal-pglite-<time>.tar.gz`. While the portal runs it holds the database (one process at a
//   time may open it), so the command asks it over DATA_DIR/portal.sock; otherwise it opens the
//   database itself.
// Every photo and uploaded file is in the database (the table media). `npm run restore` restores.

import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { askPortalForBackup, controlSocketOf } from '../server/control.js';
import { DataDirInUse } from '../server/db/data-dir-lock.js';
import { openDatabase } from '../server/db/database.js';
import { checkToolVersion, runTool } from './pg-tools.js';

const usage = 'usage: npm run backup [-- --out <folder>]';
let out: string;
try {
  out = parseArgs({ options: { out: { type: 'string', default: 'backups' } } }).values.out as string;
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}

const config = loadConfig();
const started = performance.now();
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
await fs.mkdir(out, { recursive: true });

/** The embedded database's dump: from the running portal, else from the database opened here. */
async function pgliteDump(): Promise<Buffer> {
  const answered = await askPortalForBackup(config.dataDir);
  if (answered) {
    console.log('the running portal wrote the dump');
    return answered;
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ dataDir: path.join(config.dataDir, 'pglite') });
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err;
    throw new Error(
      `the portal (pid ${err.pid}) has the embedded database open and does not answer on ${controlSocketOf(config.dataDir)}: ` +
        'restart it, or stop it and run this again',
    );
  }
  try {
    if (!database.dumpDataDir) throw new Error('the embedded database cannot dump itself');
    return Buffer.from(await (await database.dumpDataDir()).arrayBuffer());
  } finally {
    await database.close();
  }
}

let file: string;
try {
  if (config.databaseUrl) {
    file = path.join(out, `portal-postgres-${stamp}.dump`);
    await checkToolVersion('pg_dump', config.databaseUrl);
    // Written under another name first: a dump that fails halfway is never taken for a backup.
    await runTool('pg_dump', ['--format=custom', `--file=${file}.part`], config.databaseUrl);
    await fs.rename(`${file}.part`, file);
  } else {
    file = path.join(out, `portal-pglite-${stamp}.tar.gz`);
    await fs.writeFile(`${file}.part`, await pgliteDump(), { mode: 0o600 });
    await fs.rename(`${file}.part`, file);
  }
} catch (err) {
  console.error(`backup failed: ${(err as Error).message}`);
  process.exit(1);
}
// The database holds the staff's password hashes and the visitors' messages: for its owner only.
await fs.chmod(file, 0o600);
const { size } = await fs.stat(file);
console.log(
  `${file}: ${(size / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

// What is not in the database, for the operator to keep as well (docs/operations.md).
const besides: string[] = [];
const exists = (name: string) =>
  fs.access(path.join(config.dataDir, name)).then(
    () => true,
    () => false,
  );
if (!config.secretKey && (await exists('secret-key')))
  besides.push(`${path.join(config.dataDir, 'secret-key')} (apart from the backups)`);
if (!config.smtpUrl && (await exists('outbox')))
  besides.push(`${path.join(config.dataDir, 'outbox')} (the mails written instead of sent)`);
if (besides.length) console.log(`not in the backup, keep as well: ${besides.join('; ')}`);
