import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import Type, { type TSchema } from 'typebox';
import { addDays } from '../../common/date-presets.js';
import {
  type AskedMoment,
  askedMoment,
  monthDayNumber,
  monthlyPlaces,
  type RegionClock,
  regionClock,
} from '../../common/opening-hours.js';
import type { PracticalFilter } from '../../common/sections.js';
import type { DB } from '../db/schema.js';
import { HttpError } from './errors.js';

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

/**
 * `open_at`: a day, or a day and a time, in the region's clock. Offered beside "open now" (where a
 * section has it): the same schedule asked about another moment.
 */
const openAtParam = Type.Optional(
  Type.String({
    pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2})?)?$',
    description:
      'only places open at this moment of the region’s clock (Europe/Moscow, no offset: 2026-12-05T11:00 ' +
      'is 11:00 in the region), or, as a date alone (2026-12-05), at some time of that day (not counting ' +
      'the night before past midnight). Not a real date or time: 400',
    examples: ['2026-12-05T11:00', '2026-12-05'],
  }),
);

/** The query-string parameters of a section's practical filters (and `open_at` beside "open now"). */
export function practicalParams(filters: readonly PracticalFilter[] | undefined): Record<string, TSchema> {
  return {
    ...Object.fromEntries(
      (filters ?? []).map((f) => [f, Type.Optional(Type.Boolean({ description: descriptions[f] }))]),
    ),
    ...(filters?.includes('open_now') ? { open_at: openAtParam } : {}),
  };
}

/** The moment `open_at` asks about, undefined when not asked; a value that is no day or time is a 400. */
export function readOpenAt(value: unknown): AskedMoment | undefined {
  if (value === undefined || value === '') return undefined;
  const moment = askedMoment(String(value));
  if (!moment)
    throw new HttpError(
      400,
      `querystring open_at must be a real date (YYYY-MM-DD) or date and time (YYYY-MM-DDTHH:MM) of the region's clock, e.g. 2026-12-05T11:00`,
    );
  return moment;
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

/**
 * Open at an asked moment (as `openAt` at that clock), or on an asked day: a row of that weekday's
 * own hours in effect that day (a night before's hours past midnight belong to the night before).
 */
export function openAtAsked(moment: AskedMoment): RawBuilder<boolean> {
  if (moment.minute !== undefined)
    return openAt({ date: moment.date, weekday: moment.weekday, minute: moment.minute });
  return sql<boolean>`exists (
    select 1 from place_hours h
    where h.section = places.section and h.place_id = places.id and h.weekday = ${moment.weekday}
      and not h.spill and ${inEffect(moment.date)})`;
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
  const moment = filters?.includes('open_now') ? readOpenAt(params.open_at) : undefined;
  if (moment) q = q.where(openAtAsked(moment));
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
