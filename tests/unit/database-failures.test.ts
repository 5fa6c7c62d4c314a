import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../server/db/failures.js';

// A request that still runs when the server has closed its database (a page's API calls after a
// shutdown began) is told to try again (503), never a 500: Kysely's own error for it is a failure
// of the database, not of the query.

describe('a database closed under a running request', () => {
  it('is a database that is unavailable, not a bug', async () => {
    const db = new Kysely<{ t: { id: number } }>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: 'postgres://127.0.0.1:1/none' }),
      }),
    });
    await db.destroy();
    const err = await db
      .selectFrom('t')
      .selectAll()
      .execute()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(new Error('syntax error at or near "selec"'))).toBe(false);
  });
});
