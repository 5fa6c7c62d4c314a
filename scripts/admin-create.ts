// `npm run admin:create -- --email ana@example.org --role admin [--name "Ana"]` creates a staff
// account from a terminal and prints a one-time link (valid an hour) to choose its password. For an
// address that has an account already it prints a link to choose a new password instead: the way
// back in for an admin who lost their password (sign-in never locks an account).
//
// While the portal runs on the same DATA_DIR, the command asks it (its socket DATA_DIR/portal.sock,
// server/control.ts): the embedded database may be open in one process only, and the portal knows
// its own address for the link. Otherwise the command opens the database itself, and the link is
// PUBLIC_URL's (http://localhost:PORT when it is not set).

import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { type AdminCreated, askPortal, controlSocketOf } from '../server/control.js';
import { DataDirInUse } from '../server/db/data-dir-lock.js';
import { openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { linkPath } from '../server/modules/admin/auth/links.js';
import { operatorAccount, operatorLink } from '../server/modules/admin/auth/operator.js';

const usage = 'usage: npm run admin:create -- --email <address> --role admin|editor [--name <name>]';
let values: { email?: string; role?: string; name?: string };
try {
  ({ values } = parseArgs({
    options: {
      email: { type: 'string' },
      role: { type: 'string', default: 'editor' },
      name: { type: 'string' },
    },
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const account = operatorAccount(values);
if (!account) {
  console.error(usage);
  process.exit(2);
}

function print(made: AdminCreated): void {
  console.log(
    made.created
      ? `created the ${made.role} account ${made.email}: a link to choose its password, valid an hour:`
      : `${made.email} has an account (${made.role}) already: a link to choose a new password, valid an hour:`,
  );
  console.log(made.link);
}

const config = loadConfig();
try {
  const answered = await askPortal(config.dataDir, 'admin-create', account);
  if (answered) {
    print(answered);
    process.exit(0);
  }
} catch (err) {
  console.error(`the running portal refused: ${(err as Error).message}`);
  process.exit(1);
}

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
} catch (err) {
  if (!(err instanceof DataDirInUse)) throw err;
  console.error(
    `not done: the portal (pid ${err.pid}) has the embedded database open, and it does not answer on ` +
      `${controlSocketOf(config.dataDir)}. Stop the portal, run this again, then start the portal.`,
  );
  process.exit(1);
}
try {
  await migrateToLatest(database.db);
  const made = await operatorLink(database.db, account);
  print({ ...made, link: `${config.publicUrl}${linkPath(made.token)}` });
  if (!process.env.PUBLIC_URL) {
    console.error(
      `PUBLIC_URL is not set: the link assumes the portal at ${config.publicUrl}; with another address, ` +
        'replace the start of the link (or set PUBLIC_URL as the portal has it)',
    );
  }
} finally {
  await database.close();
}
