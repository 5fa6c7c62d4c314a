// `npm run admin:create -- --email ana@example.org --role admin [--name "Ana"]` creates a staff
// account from a terminal and prints a one-time link (valid an hour) to choose its password. For an
// address that has an account already it prints a password-reset link instead, which also lifts a
// lock: the way back in for an admin who lost their password.

import path from 'node:path';
import { parseArgs } from 'node:util';
import { staffRoles } from '../common/admin-api.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { createLink, linkPath } from '../server/modules/admin/auth/links.js';
import { staffByEmail } from '../server/modules/admin/auth/repository.js';
import { isEmail } from '../server/modules/visitors/routes.js';

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
const email = values.email?.trim() ?? '';
const role = values.role as (typeof staffRoles)[number];
if (!isEmail(email) || !staffRoles.includes(role)) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
});
try {
  await migrateToLatest(database.db);
  const existing = await staffByEmail(database.db, email);
  let token: string;
  if (existing) {
    token = await createLink(database.db, existing.password_hash ? 'reset' : 'invite', existing.id, 1);
    console.log(
      `${email} has an account (${existing.role}) already: a link to choose a new password, valid an hour:`,
    );
  } else {
    const row = await database.db
      .insertInto('staff')
      .values({ email, role, name: values.name?.trim() ?? '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    token = await createLink(database.db, 'invite', Number(row.id), 1);
    console.log(`created the ${role} account ${email}: a link to choose its password, valid an hour:`);
  }
  console.log(`${config.publicUrl}${linkPath(token)}`);
} finally {
  await database.close();
}
