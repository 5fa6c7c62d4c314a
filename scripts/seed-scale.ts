// `npm run seed:scale -- --factor N [--seed S] [--reset]`: N times the real portal's volume
// (factor 1: 5,200 attractions and 500 routes, the other sections in the demo content's proportions)
// on top of the demo content, in the configured database (DATABASE_URL, or PGlite under DATA_DIR).
// The same seed gives the same rows. --reset first removes all content (never what visitors sent).

import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadContent } from '../content/load.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedIfEmpty } from '../server/db/seed.js';
import { contentDir } from '../server/paths.js';
import { seedScale } from './scale/seed.js';

const { values } = parseArgs({
  options: {
    factor: { type: 'string' },
    seed: { type: 'string', default: '47' },
    reset: { type: 'boolean', default: false },
  },
});
const factor = Number(values.factor);
if (!values.factor || !Number.isFinite(factor) || factor <= 0 || factor > 100) {
  console.error('usage: npm run seed:scale -- --factor N [--seed S] [--reset]   (0 < N <= 100)');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
});
try {
  const started = performance.now();
  await migrateToLatest(database.db);
  if (values.reset) {
    await sql`truncate districts, cities, directory_items, tourism_types, directions, places, routes, events, news, partners, main_page, pages, media cascade`.execute(
      database.db,
    );
    console.log('removed the previous content');
  }
  const content = await loadContent(path.join(contentDir, 'data'));
  await seedIfEmpty(database.db, content);
  const result = await seedScale(database.db, content, {
    factor,
    seed: values.seed,
    log: (m) => console.log(`  ${m}`),
  });
  if (result === 'present') {
    console.log('the database already holds generated content (use --reset to replace it)');
  } else {
    console.log(
      `added factor ${factor} (seed ${values.seed}) to the ${database.kind} database in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
} finally {
  await database.close();
}
