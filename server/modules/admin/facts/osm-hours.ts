import opening_hours from 'opening_hours';
import { Value } from 'typebox/value';
import { OpeningHours, type OpeningHoursT } from '../../../../common/api.js';
import { spansOn, weekdayOf } from '../../../../common/opening-hours.js';

// OpenStreetMap's `opening_hours` as the portal's weekly schedule (common/api.ts OpeningHours).
// The tag is read by the maintained `opening_hours` library (its grammar, the Russian public
// holidays), which says when the place is open on each day of the coming year; that year is then
// written as seasons of weekly times, closed dates and nights past midnight, and the result is
// checked day by day against the library's answer. What the schedule cannot say (sunrise, varying
// times, "by appointment" and other comments, unknown states, more than six seasons) gives null:
// the proposal keeps the raw value for staff to read and cannot be applied.

/** Where the library takes its public holidays from: the region. */
const country = 'ru';
const region = { lat: 59.94, lon: 30.31, address: { country_code: country, state: 'Ленинградская область' } };

type Span = [number, number];
const DAYS = 365;

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const time = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesIn = (d: Date, dayStart: Date) => Math.round((d.getTime() - dayStart.getTime()) / 60_000);

/** Touching or overlapping spans joined, in order: two ways of writing the same hours compare equal. */
function joined(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0])) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** The library's open spans of each day from `first` (local midnight), `count` days; null if any is unknown or commented. */
function librarySpans(oh: opening_hours, first: Date, count: number): Span[][] | null {
  const days: Span[][] = Array.from({ length: count }, () => []);
  const starts = Array.from(
    { length: count + 1 },
    (_, i) => new Date(first.getFullYear(), first.getMonth(), first.getDate() + i),
  );
  for (const [from, to, unknown, comment] of oh.getOpenIntervals(starts[0] as Date, starts[count] as Date)) {
    if (unknown || comment) return null;
    for (let i = 0; i < count; i++) {
      const start = starts[i] as Date;
      const end = starts[i + 1] as Date;
      if (to <= start || from >= end) continue;
      const a = from > start ? minutesIn(from, start) : 0;
      const b = to < end ? minutesIn(to, start) : 1440;
      if (b > a) (days[i] as Span[]).push([a, b]);
    }
  }
  return days.map(joined);
}

/**
 * The day's own intervals as the schedule writes them: a night that goes on past midnight into
 * the next day ends there (closes before it opens), and that part is taken off the next day.
 */
function ownIntervals(days: Span[][]): Span[][] {
  const own = days.map((d) => d.map((s) => [...s] as Span));
  for (let i = 0; i + 1 < own.length; i++) {
    const today = own[i] as Span[];
    const next = own[i + 1] as Span[];
    const last = today.at(-1);
    const early = next[0];
    if (last && early && last[1] === 1440 && last[0] > 0 && early[0] === 0 && early[1] < 1440) {
      last[1] = 1440 + early[1];
      next.shift();
    }
  }
  return own;
}

const keyOf = (spans: Span[]) => spans.map(([a, b]) => `${a}-${b}`).join(',');

interface Segment {
  from: string;
  to: string;
  week: Map<number, string>;
  days: number;
}

/** A season's intervals: the weekdays with the same times share an interval. */
function intervalsOf(week: Map<number, string>) {
  const byKey = new Map<string, number[]>();
  for (const [day, key] of [...week.entries()].sort((a, b) => a[0] - b[0])) {
    if (!key) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), day]);
  }
  return [...byKey.entries()].flatMap(([key, days]) =>
    key.split(',').map((s) => {
      const [a, b] = s.split('-').map(Number) as [number, number];
      return { days, opens: time(a), closes: time(b >= 1440 && a > 0 ? b - 1440 : b) };
    }),
  );
}

const sameWeek = (a: Map<number, string>, b: Map<number, string>) =>
  [1, 2, 3, 4, 5, 6, 7].every((d) => (a.get(d) ?? '') === (b.get(d) ?? ''));

/** The portal's schedule for an OpenStreetMap `opening_hours` value, or null when it cannot say it. */
export function scheduleOfOsm(value: string, today: string): OpeningHoursT | null {
  // times that move with the sun are not weekly times
  if (/sunrise|sunset|dawn|dusk/i.test(value)) return null;
  let oh: opening_hours;
  try {
    oh = new opening_hours(value, region, { mode: 0, tag_key: 'opening_hours' } as never);
  } catch {
    return null;
  }
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  // a day more at each end: the night before the first day, the spill into the day after the last
  const first = new Date(y, m - 1, d - 1);
  const raw = librarySpans(oh, first, DAYS + 2);
  if (!raw) return null;
  const own = ownIntervals(raw).slice(1, DAYS + 1);
  const dates = Array.from({ length: DAYS }, (_, i) => iso(new Date(y, m - 1, d + i)));
  const keys = own.map(keyOf);

  // A closed day when the same weekday of the weeks around it (three each way) all but once keeps
  // the same times: a closed date (a public holiday), not a season of its own.
  const closed: string[] = [];
  const usual = keys.map((_, i) => {
    const around = [-21, -14, -7, 7, 14, 21].map((w) => keys[i + w]).filter((k) => k !== undefined);
    const counts = new Map<string, number>();
    for (const k of around) counts.set(k, (counts.get(k) ?? 0) + 1);
    const [key, n] = [...counts.entries()].sort((x, y) => y[1] - x[1])[0] ?? ['', 0];
    return key && n >= 3 && n >= around.length - 1 ? key : null;
  });
  for (let i = 0; i < DAYS; i++) {
    const key = usual[i];
    if (keys[i] === '' && key) {
      closed.push(dates[i] as string);
      keys[i] = key;
    }
  }

  // Runs of days in which each weekday keeps its times.
  const segments: Segment[] = [];
  for (let i = 0; i < DAYS; i++) {
    const day = weekdayOf(dates[i] as string);
    const key = keys[i] as string;
    const current = segments.at(-1);
    const known = current?.week.get(day);
    if (current && (known === undefined || known === key)) {
      current.week.set(day, key);
      current.to = dates[i] as string;
      current.days++;
    } else
      segments.push({
        from: dates[i] as string,
        to: dates[i] as string,
        week: new Map([[day, key]]),
        days: 1,
      });
  }
  // The weekly times most days follow are the season without dates (the rest of the year).
  const patterns: { week: Map<number, string>; days: number }[] = [];
  for (const s of segments) {
    const p = patterns.find((x) => sameWeek(x.week, s.week));
    if (p) p.days += s.days;
    else patterns.push({ week: s.week, days: s.days });
  }
  const main = patterns.sort((a, b) => b.days - a.days)[0];
  if (!main) return null;
  const dated = segments.filter((s) => !sameWeek(s.week, main.week));
  const seasons = [
    ...dated.map((s) => ({ from: s.from.slice(5), to: s.to.slice(5), hours: intervalsOf(s.week) })),
    { hours: intervalsOf(main.week) },
  ];
  const schedule: OpeningHoursT = {
    seasons,
    ...(closed.length ? { closed_dates: closed } : {}),
  };
  if (!Value.Check(OpeningHours, schedule)) return null;
  // The schedule must open exactly when the library says, every day of the year.
  for (let i = 0; i < DAYS; i++) {
    const date = dates[i] as string;
    if (keyOf(joined(spansOn(schedule, date))) !== keyOf(raw[i + 1] as Span[])) return null;
  }
  return schedule;
}
