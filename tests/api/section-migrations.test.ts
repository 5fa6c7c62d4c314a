import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeModules } from '../../common/section-modules.js';
import { placeSections } from '../../common/sections.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import type { DB } from '../../server/db/schema.js';
import {
  columnTypeOf,
  searchedFields,
  sectionCheckSql,
  sectionIndexesSql,
  sectionSearchIndexes,
} from '../../server/db/section-sql.js';
import { freshDatabase } from '../helpers/app.js';

// The migrations hold what the section modules imply for the database: `places.section` takes the
// registry's sections of places and no other, and each has its own partial search indexes. A module
// added without its migration (or a migration for a section no module describes) fails here.

type Fresh = Awaited<ReturnType<typeof freshDatabase>>;

/** The sections the check of `places.section` allows, as the database reports it. */
async function checkedSections(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint
    where conrelid = 'places'::regclass and conname = 'places_section_check'`.execute(db);
  return [...(rows[0]?.def ?? '').matchAll(/'([^']+)'::text/g)].map((m) => m[1] as string).sort();
}

/** Each section's partial indexes on `places`, by their definition without the name. */
async function partialIndexes(db: Kysely<DB>): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ def: string }>`
    select indexdef as def from pg_indexes where tablename = 'places' and indexdef like '%WHERE (section = %'`.execute(
    db,
  );
  const bySection = new Map<string, string[]>();
  for (const { def } of rows) {
    const m = /USING (.+) WHERE \(section = '([^']+)'::text\)$/.exec(def);
    if (!m) continue;
    const [, body, section] = m as unknown as [string, string, string];
    bySection.set(section, [...(bySection.get(section) ?? []), body].sort());
  }
  return bySection;
}

/** The bodies the registry implies (sectionSearchIndexes), as PostgreSQL prints them. */
const expectedBodies = sectionSearchIndexes.map((i) => i.body.replace(/^using /, '')).sort();

describe('the migrations and the section modules', () => {
  let fresh: Fresh;
  beforeAll(async () => {
    fresh = await freshDatabase('pglite');
    await migrateToLatest(fresh.database.db);
  }, 120_000);
  afterAll(() => fresh?.drop());

  it("allow in places.section exactly the registry's sections of places", async () => {
    expect(await checkedSections(fresh.database.db)).toEqual([...placeSections].sort());
  });

  it('give each section of places its partial search indexes, and no other section any', async () => {
    const indexes = await partialIndexes(fresh.database.db);
    expect([...indexes.keys()].sort()).toEqual([...placeSections].sort());
    for (const section of placeSections) expect(indexes.get(section), section).toEqual(expectedBodies);
  });

  it("store every field of the sections' modules in a column of its kind's type", async () => {
    const { rows } = await sql<{ column_name: string; udt_name: string }>`
      select column_name, udt_name from information_schema.columns where table_name = 'places'`.execute(
      fresh.database.db,
    );
    const columns = new Map(rows.map((r) => [r.column_name, r.udt_name]));
    for (const module of placeModules) {
      for (const field of module.edit?.fields ?? []) {
        if (field.kind === 'point') continue; // lat and lon
        expect(columnTypeOf(field), `${module.slug}.${field.name}`).toContain(columns.get(field.name));
      }
    }
  });

  it('search the texts the modules mark, with their weights in that order', async () => {
    // The generated search columns read the texts marked `search` (name A, annotation B,
    // description C); a field marked in a module needs a migration that adds it to them.
    const { rows } = await sql<{ attname: string; expr: string }>`
      select a.attname, pg_get_expr(d.adbin, d.adrelid) as expr
      from pg_attribute a join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = 'places'::regclass and a.attgenerated = 's'`.execute(fresh.database.db);
    const read = (name: string) =>
      (/\(([^)]*)\)/.exec(rows.find((r) => r.attname === name)?.expr ?? '')?.[1] ?? '').split(', ');
    for (const module of placeModules) {
      const marked = searchedFields(module.edit?.fields ?? []);
      expect(read('search_all'), module.slug).toEqual(marked);
      expect(read('fts_all'), module.slug).toEqual(marked);
    }
  });

  it("a new section's migration, written from the modules, gives it the same", async () => {
    const db = fresh.database.db;
    await db
      .transaction()
      .execute(async (trx) => {
        await sql.raw(sectionCheckSql([...placeSections, 'health-resorts'])).execute(trx);
        await sql.raw(sectionIndexesSql('health-resorts')).execute(trx);
        expect(await checkedSections(trx)).toEqual([...placeSections, 'health-resorts'].sort());
        expect((await partialIndexes(trx)).get('health-resorts')).toEqual(expectedBodies);
        // Undone: the database keeps what the migrations made.
        throw new Rollback();
      })
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
    expect(await checkedSections(db)).toEqual([...placeSections].sort());
  });
});

class Rollback extends Error {}
