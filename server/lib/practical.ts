import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import Type, { type TSchema } from 'typebox';
import { addDays } from '../../common/date-presets.js';
import { monthDayNumber, monthlyPlaces, type RegionClock, regionClock } from '../../common/opening-hours.js';
import type { PracticalFilter } from '../../common/sections.js';
import type { DB } from '../db/schema.js';

// The practical filters of the lists and the map: free, open now, step-free entrance. "Open now"
// is answered by the database at the request's moment, from the schedule's rows (`place_hours`,
// kept by a trigger: 021-practical-facts.sql) with the rules of common/opening-hours.ts: the
// region's date, weekday and minute are computed here (Intl, Europe/Moscow) and the comparisons
// are plain integers, so PGlite and PostgreSQL answer alike whatever their own time zone.

const descriptions: Record<PracticalFilter, string> = {
  free: 'true: only places free to visit (false or absent: all)',
  open_now: 'true: only places open at the moment of the request, in the region’s time zone (Europe/Moscow)',
  step_free: 'true: only places known to have a step-free entrance',
};

/** The query-string parameters of a section's practical filters. */
export function practicalParams(filters: readonly PracticalFilter[] | undefined): Record<string, TSchema> {
  return Object.fromEntries(
    (filters ?? []).map((f) => [f, Type.Optional(Type.Boolean({ description: descriptions[f] }))]),
  );
}

/** The schedule's rows that are in effect on a day: its season (the first whose dates include it), no closure. */
function inEffect(date: string): RawBuilder<boolean> {
  const day = monthDayNumber(date.slice(5));
  const closures = monthlyPlaces(date).map((p) => JSON.stringify([p]));
  const monthly = closures.length
    ? sql.join(
        closures.map(
          (c) => sql`coalesce(places.opening_hours -> 'closed_monthly', '[]'::jsonb) @> ${c}::jsonb`,
        ),
        sql` or `,
      )
    : sql`false`;
  return sql<boolean>`h.season = (
      select min(s.season) from place_hours s
      where s.section = h.section and s.place_id = h.place_id and s.weekday = 0
        and (s.season_from is null
          or (s.season_from <= s.season_to and ${day} between s.season_from and s.season_to)
          or (s.season_from > s.season_to and (${day} >= s.season_from or ${day} <= s.season_to))))
    and not coalesce(places.opening_hours -> 'closed_dates', '[]'::jsonb) ? ${date}
    and not (${monthly})`;
}

/** Open at a moment of the region's clock: an interval of the day, or the night before's past midnight. */
export function openAt(clock: RegionClock): RawBuilder<boolean> {
  const yesterday = addDays(clock.date, -1);
  return sql<boolean>`exists (
    select 1 from place_hours h
    where h.section = places.section and h.place_id = places.id and h.weekday = ${clock.weekday}
      and h.opens <= ${clock.minute} and ${clock.minute} < h.closes
      and (case when h.spill then ${inEffect(yesterday)} else ${inEffect(clock.date)} end))`;
}

const free = sql<boolean>`places.admission @> '{"free": true}'::jsonb`;
const stepFree = sql<boolean>`places.accessibility @> '{"step_free_entrance": true}'::jsonb`;

const conditions: Record<PracticalFilter, (now: Date) => RawBuilder<boolean>> = {
  free: () => free,
  open_now: (now) => openAt(regionClock(now)),
  step_free: () => stepFree,
};

/**
 * What makes the filters that read a place's own row worth offering (decision 037): some place is
 * free, some place is known to have a step-free entrance. Their conditions are the filters' own;
 * migration 025's partial index holds exactly the places either is true of. "Open now" is worth
 * offering where a place's schedule opens on some day (rows of `place_hours` past the seasons'
 * markers): whether it passes depends on the moment.
 */
export const rowConditions = { free, step_free: stepFree } as const;

/** The places of a query (of `places`) that pass the practical filters asked for. */
export function applyPractical<TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  params: Record<string, unknown>,
  filters: readonly PracticalFilter[] | undefined,
  now = new Date(),
): SelectQueryBuilder<DB, TB, O> {
  let q = qb;
  for (const f of filters ?? []) if (params[f] === true) q = q.where(conditions[f](now));
  return q;
}

/** Whether a query asks for "open now": its answer holds only until the region's minute ends. */
export const asksOpenNow = (params: Record<string, unknown>) => params.open_now === true;

/**
 * Seconds until the region's minute ends (the region's offset is whole hours, so its minutes end
 * with UTC's): what an answer that says "open now" may be kept for. Opening times are whole
 * minutes, so an answer made within a minute stays true until that minute ends, and caches that
 * keep it no longer (the response cache, shared caches) never serve it stale.
 */
export function secondsToMinuteEnd(now = new Date()): number {
  return 60 - now.getUTCSeconds();
}
