import { type Kysely, sql } from 'kysely';
import { type PracticalOfferT, type PracticalSection, practicalSections } from '../../../common/api.js';
import { type PracticalFilter, practicalFilters, sectionOf } from '../../../common/sections.js';
import type { DB } from '../../db/schema.js';
import { rowConditions } from '../../lib/practical.js';

/** Which practical filters some place of a section in a district can pass: one row per pair. */
export interface OfferRow {
  section: PracticalSection;
  district: number | null;
  passes: Set<PracticalFilter>;
}

/** The places' sections that have practical filters, as literals (each section's own statement). */
const placeSections = sql.join(practicalSections.map((s) => sql.lit(sectionOf(s).scope?.section ?? s)));

/**
 * The statement of every section and district's filters at once: the places free or known to be
 * step-free (migration 025's partial index holds just those) and the places whose schedule opens
 * on some day (`place_hours` holds only places with a schedule), grouped by section and district.
 * The lists ask for the section's, a direction's tabs for the district's, the map for every one.
 */
export function offerStatement() {
  const { free, step_free } = rowConditions;
  return sql<{ section: string; district_id: number | null } & Record<PracticalFilter, boolean>>`
    select section, district_id, bool_or(${free}) as free, false as open_now,
      bool_or(${step_free}) as step_free
    from places
    where section in (${placeSections}) and (${free} or ${step_free})
    group by section, district_id
    union all
    select distinct places.section, places.district_id, false, true, false
    from place_hours h join places on places.section = h.section and places.id = h.place_id
    where h.weekday > 0 and places.section in (${placeSections})`;
}

export async function offerRows(db: Kysely<DB>): Promise<OfferRow[]> {
  const { rows } = await offerStatement().execute(db);
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
