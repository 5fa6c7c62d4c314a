// The site search's one statement (decision 059) in PostgreSQL alone, without the portal or HTTP:
// for each bench query, the statement as the portal sends it (named, and so planned once and kept on
// a generic plan, or unnamed and planned each time, as server/db/database.ts decides), run `--runs`
// times on one connection of its own; the median of the runs after the first five, and how
// PostgreSQL planned them (`pg_prepared_statements`). What the site search's CPU budget leaves
// PostgreSQL is read against these (docs/performance.md).
//   BENCH_DB=bench npx tsx bench/site-search-statement.ts [--runs 25]
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { StatementNames } from '../server/db/database.js';
import type { DB } from '../server/db/schema.js';
import { TYPO_THRESHOLD } from '../server/lib/search.js';
import { searchAll } from '../server/modules/search/repository.js';
import { benchDb, databaseUrl } from './lib/database.js';
import { siteSearchQueries } from './lib/search-queries.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '25' } } });
const runs = Math.max(6, Number(values.runs));
const url = databaseUrl(benchDb);
// The settings every portal connection makes (server/db/database.ts).
const settings = `set pg_trgm.word_similarity_threshold = ${TYPO_THRESHOLD}; set synchronize_seqscans = off; set jit = off`;

// The statement's text and values, as Kysely writes them for the portal, caught by its log.
let caught: { sql: string; parameters: readonly unknown[] } | undefined;
const writer = new Kysely<DB>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  log: (event) => {
    caught = { sql: event.query.sql, parameters: event.query.parameters };
  },
});
const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query(settings);
const names = new StatementNames();
const rows: Record<string, unknown>[] = [];
try {
  for (const [lang, q] of siteSearchQueries) {
    await searchAll(writer, q, lang, 4);
    const { sql, parameters } = caught as NonNullable<typeof caught>;
    const name = names.nameOf(sql);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await client.query({ text: sql, values: parameters as unknown[], ...(name && { name }) });
      if (i >= 5) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const plans = name
      ? (
          await client.query<{ generic: string; custom: string }>(
            'select generic_plans as generic, custom_plans as custom from pg_prepared_statements where name = $1',
            [name],
          )
        ).rows[0]
      : undefined;
    rows.push({
      lang,
      query: q,
      'median ms': Math.round((times[Math.floor(times.length / 2)] as number) * 10) / 10,
      'min ms': Math.round((times[0] as number) * 10) / 10,
      plans: plans ? `${plans.generic} generic, ${plans.custom} custom` : 'planned each run (unnamed)',
    });
  }
} finally {
  await client.end();
  await writer.destroy();
}
console.table(rows);
