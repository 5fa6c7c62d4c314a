import { type Kysely, sql } from 'kysely';
import { type PracticalOfferT, type PracticalSection, practicalSections } from '../../../common/api.js';
import { type PracticalFilter, practicalFilters, sectionOf } from '../../../common/sections.js';
import type { DB } from '../../db/schema.js';
import { canPass } from '../../lib/practical.js';

/** Which practical filters some place of a section in a district can pass: one row per pair. */
export interface OfferRow {
  section: PracticalSection;
  district: number | null;
  passes: Set<PracticalFilter>;
}

/**
 * Every section and district's filters at once: one pass over the places, grouped (the lists ask
 * for the section's, a direction's tabs for the district's, the map for every section's).
 */
export async function offerRows(db: Kysely<DB>): Promise<OfferRow[]> {
  const { rows } = await sql<Record<string, unknown> & { section: string; district_id: number | null }>`
    select section, district_id, ${sql.join(
      practicalFilters.map((f) => sql`bool_or(${canPass[f]}) as ${sql.ref(f)}`),
    )}
    from places
    where section in (${sql.join(practicalSections.map((s) => sql.lit(sectionOf(s).scope?.section ?? s)))})
    group by section, district_id`.execute(db);
  return rows.map((r) => ({
    section: r.section as PracticalSection,
    district: r.district_id,
    passes: new Set(practicalFilters.filter((f) => r[f] === true)),
  }));
}

/** The filters of each section (in a district, when given) that some place of it can pass. */
export function offerOf(rows: readonly OfferRow[], district?: number): PracticalOfferT {
  const offer = {} as PracticalOfferT;
  for (const slug of practicalSections) {
    const passes = new Set<PracticalFilter>();
    for (const r of rows)
      if (r.section === slug && (district === undefined || r.district === district))
        for (const f of r.passes) passes.add(f);
    offer[slug] = (sectionOf(slug).practical ?? []).filter((f) => passes.has(f));
  }
  return offer;
}
