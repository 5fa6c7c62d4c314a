// `npm run coverage`: the coverage table of the back office's dashboard (how many published items
// of each section state hours, phone, price, accessibility, a real photo and their English and
// Chinese texts) as a Markdown table, for a report or a note. Reads the configured database
// (DATABASE_URL, or the embedded one under DATA_DIR: stop the portal first, PGlite has one user).

import { coverageFacts } from '../common/coverage.js';
import { ConfigError, loadConfig } from '../server/config.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { readCoverage } from '../server/modules/admin/dashboard/repository.js';
import { openForCommand } from './open-database.js';

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
try {
  await migrateToLatest(database.db);
  const { sections } = await readCoverage(database.db);
  const lines = [
    `| section | items | ${coverageFacts.join(' | ')} |`,
    `| --- | ---: | ${coverageFacts.map(() => '---:').join(' | ')} |`,
    ...sections.map(
      (s) =>
        `| ${s.section} | ${s.total} | ${coverageFacts
          .map((f) => {
            const n = s.facts[f];
            return n === undefined ? '—' : `${n} (${s.total ? Math.round((100 * n) / s.total) : 0} %)`;
          })
          .join(' | ')} |`,
    ),
  ];
  console.log(lines.join('\n'));
} finally {
  await database.close();
}
