import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { StatementNames } from '../../server/db/database.js';
import type { DB } from '../../server/db/schema.js';
import { applySearch } from '../../server/lib/list.js';
import { placesOf } from '../../server/modules/places/repository.js';

describe('prepared statement names', () => {
  it('names each single SELECT once, the same text always the same name', () => {
    const names = new StatementNames();
    const list = 'select "id", "name" from "places" where "section" = $1 limit $2';
    const count = 'select count(*) as "count" from "places" where "section" = $1';
    const first = names.nameOf(list);
    expect(first).toMatch(/^portal_\d+$/);
    expect(names.nameOf(count)).not.toBe(first);
    expect(names.nameOf(list)).toBe(first);
    expect(names.nameOf('with t as (select 1) select * from t')).toBeUndefined();
  });

  it('leaves writes, scripts of several statements and every-column selects unprepared', () => {
    const names = new StatementNames();
    expect(names.nameOf('insert into feedback (message) values ($1)')).toBeUndefined();
    expect(names.nameOf('set a = 1; set b = 2')).toBeUndefined();
    expect(names.nameOf('select 1; select 2')).toBeUndefined();
    expect(names.nameOf('select * from "places" where "id" = $1')).toBeUndefined();
    expect(names.nameOf('select "places".* from "places"')).toBeUndefined();
    expect(names.nameOf('begin')).toBeUndefined();
    // A Chinese search is planned with its values each time.
    expect(
      names.nameOf('select "id" from "places" where search_han_grams("search_all") @> $1::text[]'),
    ).toBeUndefined();
  });
});

describe('a section in a prepared statement', () => {
  // Compiles only: no database behind it.
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });

  it("is a literal, so that the generic plan of a list search can use the section's partial search indexes", () => {
    const query = applySearch(placesOf(db, 'attractions').select('id'), 'усадьба').compile();
    expect(query.sql).toContain(`"section" = 'attractions'`);
    expect(query.parameters).not.toContain('attractions');
  });
});
