// `npm run db:migrate` applies the migrations; `npm run db:seed` loads the demo content into an empty
// database, and `npm run db:seed -- --reset` replaces all content (never what visitors sent).

import { sql } from 'kysely';
import { loadConfig } from '../server/config.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedIfEmpty } from '../server/db/seed.js';
import { openForCommand } from './open-database.js';

const [command, ...flags] = process.argv.slice(2);
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: tsx scripts/db.ts migrate | seed [--reset]');
  process.exit(2);
}
const config = loadConfig();
const database = await openForCommand(config);
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'schema is up to date');
  if (command === 'seed') {
    if (flags.includes('--reset')) {
      await sql`truncate districts, cities, directory_items, tourism_types, directions, places, routes, events, news, partners, main_page, pages, media cascade`.execute(
        database.db,
      );
      console.log('removed the previous content');
    }
    const loaded = await seedIfEmpty(database.db);
    console.log(
      loaded ? 'demo content loaded' : 'the database already has content (use --reset to replace it)',
    );
  }
} finally {
  await database.close();
}
