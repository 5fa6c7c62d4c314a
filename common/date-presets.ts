// The events list's date presets ("today", "this weekend", ...) as plain from/to dates. They are
// computed from the region's calendar date (Europe/Moscow), not the visitor's clock, so that a link
// made on the server and a click in the browser name the same days, and a visitor abroad sees the
// region's weekend.

/** The region's time zone: what "today" means for events. */
export const REGION_TIME_ZONE = 'Europe/Moscow';

/**
 * An Intl formatter made on its first use and kept: one with a time zone costs about as much as a
 * small query to create (a browser loads its time zone data then, ~30 ms of a phone's main thread),
 * so a page that never asks for the region's date does not pay for it while it starts.
 */
export function kept<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const regionDate = kept(() => new Intl.DateTimeFormat('en-CA', { timeZone: REGION_TIME_ZONE }));

/** The region's local date (Europe/Moscow) as YYYY-MM-DD. */
export function regionToday(now = new Date()): string {
  return regionDate().format(now);
}

/** The longest date range the events list may ask for: a year, with its leap day. */
export const MAX_RANGE_DAYS = 366;

export const datePresets = ['today', 'tomorrow', 'weekend', 'week', 'month'] as const;
export type DatePreset = (typeof datePresets)[number];

export interface DateRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(date: string, days: number): string {
  return iso(new Date(utc(date).getTime() + days * DAY_MS));
}

/** The whole days from one YYYY-MM-DD date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to).getTime() - utc(from).getTime()) / DAY_MS);
}

/**
 * "This weekend" from a date: Monday to Saturday, the coming Saturday and Sunday; on Sunday, that
 * day only (Saturday is over).
 */
export function weekendOf(today: string): DateRange {
  const weekday = utc(today).getUTCDay(); // 0 Sunday … 6 Saturday
  if (weekday === 0) return { from: today, to: today };
  const saturday = addDays(today, 6 - weekday);
  return { from: saturday, to: addDays(saturday, 1) };
}

/** The dates of a preset, from the region's date today. */
export function presetRange(preset: DatePreset, today: string): DateRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'tomorrow': {
      const tomorrow = addDays(today, 1);
      return { from: tomorrow, to: tomorrow };
    }
    case 'weekend':
      return weekendOf(today);
    case 'week':
      return { from: today, to: addDays(today, 6) };
    case 'month': {
      const date = utc(today);
      const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0));
      return { from: today, to: iso(last) };
    }
  }
}

/** The first preset whose dates are exactly these (what a list shows as selected), or null. */
export function presetOf(range: DateRange, today: string): DatePreset | null {
  return (
    datePresets.find((preset) => {
      const dates = presetRange(preset, today);
      return dates.from === range.from && dates.to === range.to;
    }) ?? null
  );
}

/** A real calendar date written YYYY-MM-DD, else '' (what a URL's date parameter is read as). */
export function isoDateOf(value: string | null | undefined): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const date = utc(value);
  return Number.isNaN(date.getTime()) || iso(date) !== value ? '' : value;
}

/**
 * A day (YYYY-MM-DD) or a day and a minute (YYYY-MM-DDTHH:MM) of the region's clock, as given, or
 * '' when it is neither (30 February, 24:00): what `?open_at=` takes.
 */
export function isoMomentOf(value: string | null | undefined): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value ?? '');
  if (!m || !isoDateOf(m[1])) return '';
  if (m[2] !== undefined && (Number(m[2]) > 23 || Number(m[3]) > 59)) return '';
  return value as string;
}

/**
 * Whether an event from `start` to `end` falls in a range ('' leaves that side open): it is on at
 * least one day of it. The events API applies the same rule in SQL.
 */
export function eventInRange(start: string, end: string, from: string, to: string): boolean {
  return (!from || end >= from) && (!to || start <= to);
}

/** Why a date range of an address was not taken as it is (the page says so). */
export type DateRangeProblem = 'invalid' | 'reversed' | 'too-long';

export interface ReadDateRange {
  /** What the events list asks for: '' leaves that side open. */
  dateFrom: string;
  dateTo: string;
  /** What the address asked for and why it was not taken as it is; null when it was. */
  problem: null | { kind: DateRangeProblem; from: string; to: string };
}

/**
 * The from/to dates of an address (`date_from`, `date_to`) as the events list can ask for them: a
 * value that is no date is left out, an end before the start is left out, and a range longer than
 * MAX_RANGE_DAYS is its first year (the API refuses longer ones). What was changed is returned with
 * the values asked, for the page to explain it: nothing is dropped silently.
 */
export function readDateRange(fromParam: string | null, toParam: string | null): ReadDateRange {
  const asked = { from: fromParam ?? '', to: toParam ?? '' };
  const dateFrom = isoDateOf(asked.from);
  const dateTo = isoDateOf(asked.to);
  if ((asked.from && !dateFrom) || (asked.to && !dateTo))
    return { dateFrom, dateTo, problem: { kind: 'invalid', ...asked } };
  if (dateFrom && dateTo && dateTo < dateFrom)
    return { dateFrom, dateTo: '', problem: { kind: 'reversed', ...asked } };
  if (dateFrom && dateTo && daysBetween(dateFrom, dateTo) > MAX_RANGE_DAYS)
    return { dateFrom, dateTo: addDays(dateFrom, MAX_RANGE_DAYS), problem: { kind: 'too-long', ...asked } };
  return { dateFrom, dateTo, problem: null };
}

/**
 * The dates each end of a range may take for the events list to accept it: the end not before the
 * start and at most MAX_RANGE_DAYS after it; `floor`, when given, the earliest start (today, on the
 * list of upcoming events).
 */
export function rangeLimits(
  from: string,
  to: string,
  floor = '',
): { fromMin?: string; fromMax?: string; toMin?: string; toMax?: string } {
  const earliest = [floor, to ? addDays(to, -MAX_RANGE_DAYS) : ''].sort().at(-1);
  return {
    ...(earliest ? { fromMin: earliest } : {}),
    ...(to ? { fromMax: to } : {}),
    ...(from || floor ? { toMin: from || floor } : {}),
    ...(from ? { toMax: addDays(from, MAX_RANGE_DAYS) } : {}),
  };
}
