// `npm run export -- feedback|subscribers [--out file.csv]`: what visitors sent, as CSV (RFC 4180,
// UTF-8, header row), to stdout or a file, for the portal's staff. Reads the configured database
// (DATABASE_URL, or the embedded one under DATA_DIR: stop the portal first, PGlite has one user).

import { once } from 'node:events';
import fs from 'node:fs';
import type { Writable } from 'node:stream';
import { ConfigError, loadConfig } from '../server/config.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { csvLine } from '../server/lib/csv.js';
import { openForCommand } from './open-database.js';

const usage = 'usage: npm run export -- feedback|subscribers [--out file.csv]';
const args = process.argv.slice(2);
const what = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--out');
const outIndex = args.indexOf('--out');
const outFile = outIndex >= 0 ? args[outIndex + 1] : undefined;
if ((what !== 'feedback' && what !== 'subscribers') || (outIndex >= 0 && !outFile)) {
  console.error(usage);
  process.exit(2);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig({ LOG_LEVEL: 'silent', ...process.env });
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`);
    process.exit(2);
  }
  throw err;
}
const database = await openForCommand(config);
const out: Writable = outFile ? fs.createWriteStream(outFile) : process.stdout;
const write = async (text: string) => {
  if (!out.write(text)) await once(out, 'drain');
};

let rows = 0;
try {
  await migrateToLatest(database.db);
  const db = database.db;
  const batch = 1000;
  if (what === 'feedback') {
    await write(csvLine(['id', 'created_at', 'lang', 'page', 'name', 'phone', 'email', 'message']));
    for (let after = 0; ; ) {
      const page = await db
        .selectFrom('feedback')
        .select(['id', 'created_at', 'lang', 'page', 'name', 'phone', 'email', 'message'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(batch)
        .execute();
      for (const r of page) {
        await write(csvLine([r.id, r.created_at, r.lang, r.page, r.name, r.phone, r.email, r.message]));
      }
      rows += page.length;
      if (page.length < batch) break;
      after = Number(page[page.length - 1]?.id);
    }
  } else {
    await write(csvLine(['id', 'email', 'lang', 'status', 'created_at', 'unsubscribed_at']));
    for (let after = 0; ; ) {
      const page = await db
        .selectFrom('subscribers')
        .select(['id', 'email', 'lang', 'created_at', 'unsubscribed_at'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(batch)
        .execute();
      for (const r of page) {
        const status = r.unsubscribed_at ? 'unsubscribed' : 'active';
        await write(csvLine([r.id, r.email, r.lang, status, r.created_at, r.unsubscribed_at]));
      }
      rows += page.length;
      if (page.length < batch) break;
      after = Number(page[page.length - 1]?.id);
    }
  }
} finally {
  await database.close();
  if (outFile) {
    out.end();
    await once(out, 'finish');
  }
}
console.error(`exported ${rows} ${what} rows${outFile ? ` to ${outFile}` : ''}`);
