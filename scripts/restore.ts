// `npm run restore -- <file>` restores a backup of `npm run backup` into an empty database: the
// PostgreSQL database of DATABASE_URL (made with createdb, nothing in it yet), or, without
// DATABASE_URL, the embedded database of a DATA_DIR that has none yet. The portal started on it
// then brings its schema up to date and sets what a dump does not keep (server/db/migrate.ts).

import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import { checkToolVersion, runTool } from './pg-tools.js';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('usage: npm run restore -- <backup file>');
  process.exit(2);
}

/** What the file is, by its first bytes: pg_dump's custom format, or a gzipped tar. */
async function kindOf(name: string): Promise<'postgres' | 'pglite' | null> {
  const handle = await fs.open(name);
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    return null;
  } finally {
    await handle.close();
  }
}

/** The tables of the PostgreSQL database's public schema (a restore goes only into none). */
async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const row = await client.query<{ n: string }>(
      "select count(*) as n from pg_tables where schemaname = 'public'",
    );
    return Number(row.rows[0]?.n);
  } finally {
    await client.end();
  }
}

const config = loadConfig();
const started = performance.now();
try {
  const kind = await kindOf(file).catch((err: Error) => {
    throw new Error(`cannot read ${file}: ${err.message}`);
  });
  if (!kind)
    throw new Error(`${file} is no backup of npm run backup (neither pg_dump's format nor a gzipped tar)`);
  if (kind === 'postgres') {
    if (!config.databaseUrl) {
      throw new Error(
        'this is a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore it into',
      );
    }
    if ((await tablesIn(config.databaseUrl)) > 0) {
      throw new Error(
        'the database of DATABASE_URL has tables already: restore into a new one (createdb), then point the portal at it',
      );
    }
    await checkToolVersion('pg_restore', config.databaseUrl);
    // One transaction: a restore that fails leaves the database empty, not half full. The objects
    // belong to the restoring user, whoever owned them where the backup was made.
    await runTool(
      'pg_restore',
      ['--exit-on-error', '--single-transaction', '--no-owner', '--no-acl', file],
      config.databaseUrl,
    );
  } else {
    if (config.databaseUrl) {
      throw new Error(
        'this is a backup of the embedded database: unset DATABASE_URL and set DATA_DIR to restore it',
      );
    }
    const dataDir = path.join(config.dataDir, 'pglite');
    const entries = await fs.readdir(dataDir).catch(() => []);
    if (entries.length) {
      throw new Error(`${dataDir} is not empty: restore into a new DATA_DIR (or move this one away first)`);
    }
    const dump = new Blob([await fs.readFile(file)], { type: 'application/gzip' });
    // Opened as the portal opens it (its lock held meanwhile), created from the dump, then closed.
    const database = await openDatabase({ dataDir, loadDataDir: dump });
    await database.close();
  }
  console.log(
    `restored ${file} into ${kind === 'postgres' ? 'the database of DATABASE_URL' : path.join(config.dataDir, 'pglite')} ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s; start the portal on it`,
  );
} catch (err) {
  console.error(`restore failed: ${(err as Error).message}`);
  process.exit(1);
}
