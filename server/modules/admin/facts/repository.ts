import { type Kysely, sql, type Transaction } from 'kysely';
import type { StaleFactsT } from '../../../../common/admin-api.js';
import type { FactKey } from '../../../../common/fact-sources.js';
import type { PlaceSection } from '../../../../common/sections.js';
import type { DB } from '../../../db/schema.js';
import { staffError, staffNotFound } from '../errors.js';

// The SQL of the facts' sources in the back office (decision 047): the places whose facts are old
// or undated, and the review queue of facts found in OpenStreetMap (migration 027).

type Db = Kysely<DB> | Transaction<DB>;

/** A fact is known: the same test as common/fact-sources.ts `factUnknown`, in SQL. */
const known = sql`(values
  ('opening_hours', p.opening_hours is not null),
  ('admission', p.admission is not null),
  ('accessibility', p.accessibility <> '{}'::jsonb),
  ('phone', coalesce(p.phone, '') <> ''),
  ('site', coalesce(p.site, '') <> ''),
  ('avg_bill', p.avg_bill is not null)) as f(fact, known)`;

/**
 * The published places with a known fact checked before `before` (YYYY-MM-DD) or never dated, the
 * oldest first, a page of them with the count.
 */
export async function stalePlaces(
  db: Db,
  q: { before: string; section?: PlaceSection; limit: number; offset: number },
): Promise<Pick<StaleFactsT, 'count' | 'results'>> {
  const rows = await sql<{
    section: string;
    id: number;
    name: string;
    facts: { fact: FactKey; source: string | null; checked: string | null }[];
    total: number;
  }>`
    with stale as (
      select p.section, p.id, p.name ->> 'ru' as name, f.fact,
        p.fact_sources -> f.fact ->> 'source' as source, p.fact_sources -> f.fact ->> 'checked' as checked
      from places p cross join lateral ${known}
      where f.known ${q.section ? sql`and p.section = ${q.section}` : sql``}
        and coalesce(p.fact_sources -> f.fact ->> 'checked', '') < ${q.before}
    )
    select section, id, name,
      jsonb_agg(jsonb_build_object('fact', fact, 'source', source, 'checked', checked) order by fact) as facts,
      count(*) over ()::int as total
    from stale group by section, id, name
    order by min(coalesce(checked, '')), section, id
    limit ${q.limit} offset ${q.offset}`.execute(db);
  return {
    count: rows.rows[0]?.total ?? (q.offset > 0 ? await countStale(db, q) : 0),
    results: rows.rows.map(({ total: _, ...r }) => ({ ...r, id: Number(r.id) })),
  };
}

async function countStale(db: Db, q: { before: string; section?: PlaceSection }): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(distinct (p.section, p.id))::int as n from places p cross join lateral ${known}
    where f.known ${q.section ? sql`and p.section = ${q.section}` : sql``}
      and coalesce(p.fact_sources -> f.fact ->> 'checked', '') < ${q.before}`.execute(db);
  return r.rows[0]?.n ?? 0;
}

/** The published places of a section with a point, as the OpenStreetMap search reads them. */
export async function placesOf(db: Db, section: PlaceSection) {
  return db
    .selectFrom('places')
    .select(['id', 'name', 'lat', 'lon', 'opening_hours', 'admission', 'accessibility', 'phone', 'site'])
    .where('section', '=', section)
    .orderBy('id')
    .execute();
}

export interface NewProposal {
  place_id: number;
  fact: FactKey;
  proposed: unknown;
  raw: string;
  current: unknown;
  osm_type: 'node' | 'way' | 'relation';
  osm_id: number;
  osm_name: string | null;
  distance_m: number;
  confidence: 'sure' | 'doubtful';
}

/** A new search's proposals in place of the section's ones still waiting, in one transaction. */
export function replaceProposals(db: Kysely<DB>, section: PlaceSection, rows: NewProposal[]) {
  return db.transaction().execute((trx) => replaceIn(trx, section, rows));
}

async function replaceIn(trx: Transaction<DB>, section: PlaceSection, rows: NewProposal[]) {
  await sql`delete from osm_proposals where section = ${section} and status = 'pending'`.execute(trx);
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    await sql`insert into osm_proposals (section, place_id, fact, proposed, raw, current, osm_type, osm_id, osm_name, distance_m, confidence)
      values ${sql.join(
        chunk.map(
          (r) =>
            sql`(${section}, ${r.place_id}, ${r.fact}, ${r.proposed === null ? null : JSON.stringify(r.proposed)}::jsonb, ${r.raw},
              ${r.current === null || r.current === undefined ? null : JSON.stringify(r.current)}::jsonb, ${r.osm_type}, ${r.osm_id},
              ${r.osm_name}, ${r.distance_m}, ${r.confidence})`,
        ),
      )}`.execute(trx);
  }
}

export interface ProposalRow {
  id: number;
  section: PlaceSection;
  place_id: number;
  place_name: string;
  fact: FactKey;
  proposed: unknown;
  raw: string;
  current: unknown;
  osm_type: string;
  osm_id: number;
  osm_name: string | null;
  distance_m: number;
  confidence: 'sure' | 'doubtful';
  status: 'pending' | 'accepted' | 'rejected';
  found_at: Date;
}

const proposalColumns = sql`o.id, o.section, o.place_id, coalesce(p.name ->> 'ru', '') as place_name, o.fact,
  o.proposed, o.raw, o.current, o.osm_type, o.osm_id::float8 as osm_id, o.osm_name, o.distance_m,
  o.confidence, o.status, o.found_at`;

/** A section's proposals in one state, by place and fact. */
export async function proposalsOf(db: Db, section: PlaceSection, status: ProposalRow['status']) {
  const r = await sql<ProposalRow>`select ${proposalColumns}
    from osm_proposals o join places p on p.section = o.section and p.id = o.place_id
    where o.section = ${section} and o.status = ${status}
    order by o.confidence desc, o.place_id, o.fact limit 2000`.execute(db);
  return r.rows;
}

/** One proposal, locked for its decision. */
export async function proposalFor(trx: Transaction<DB>, id: number): Promise<ProposalRow | undefined> {
  const r = await sql<ProposalRow>`select ${proposalColumns}
    from osm_proposals o join places p on p.section = o.section and p.id = o.place_id
    where o.id = ${id} for update of o`.execute(trx);
  return r.rows[0];
}

/** The ids of a section's sure proposals waiting that can be applied. */
export async function sureProposals(db: Db, section: PlaceSection): Promise<number[]> {
  const r = await sql<{ id: number }>`select id from osm_proposals
    where section = ${section} and status = 'pending' and confidence = 'sure' and proposed is not null
    order by place_id, fact`.execute(db);
  return r.rows.map((x) => x.id);
}

/** Rejects a waiting proposal; 404 when there is none, 409 when it was decided already. */
export function rejectProposal(db: Kysely<DB>, id: number, staffId: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const r = await proposalFor(trx, id);
    if (!r) throw staffNotFound(`proposal ${id}`);
    if (r.status !== 'pending')
      throw staffError(409, 'osm_decided', `proposal ${id} was ${r.status} already`);
    await decide(trx, r.id, 'rejected', staffId);
  });
}

export async function decide(
  trx: Transaction<DB>,
  id: number,
  status: 'accepted' | 'rejected',
  staffId: number,
): Promise<void> {
  await sql`update osm_proposals set status = ${status}, decided_at = now(), decided_by = ${staffId}
    where id = ${id}`.execute(trx);
}
