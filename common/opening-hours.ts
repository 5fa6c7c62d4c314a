import type { OpeningHoursT, OpeningSeasonT, OpenStatusT } from './api.js';
import { addDays, isoMomentOf, kept, REGION_TIME_ZONE } from './date-presets.js';

// Whether a place is open at a moment, read from its weekly schedule in the region's time zone
// (Europe/Moscow): a visitor abroad and a server in UTC see the hours the place keeps. The server
// computes it for the cards and detail pages it answers; the database answers the "open now"
// filter with the same rules (server/lib/practical.ts), and the tests hold the two to each other.
//
// The rules: a day follows the first season whose dates include it (a season without dates
// includes every day); a closed date or a monthly closed day ("the last Monday") closes the whole
// day; an interval that closes at or before it opens runs past midnight into the next day, and
// that night belongs to the day it began (its season, its closures).

/** The region's clock at a moment: its date, ISO weekday (1 Monday … 7 Sunday) and minute of the day. */
export interface RegionClock {
  date: string;
  weekday: number;
  minute: number;
}

// Made on first use and kept, as the region's date formatter is (date-presets.ts).
const regionParts = kept(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: REGION_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

// The clock of the last minute asked for: a list answers a card after another at the same moment,
// and the formatter's parts cost more than the rest of a card's open status.
let lastClock: { minute: number; clock: RegionClock } | undefined;

/** The region's date, weekday and minute at a moment. */
export function regionClock(now = new Date()): RegionClock {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastClock?.minute === minute) return lastClock.clock;
  const parts: Record<string, string> = {};
  for (const p of regionParts().formatToParts(now)) parts[p.type] = p.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const clock = { date, weekday: weekdayOf(date), minute: Number(parts.hour) * 60 + Number(parts.minute) };
  lastClock = { minute, clock };
  return clock;
}

/**
 * A moment a visitor asks about (`?open_at=`), in the region's time: a day (`2026-12-05`: open at
 * some time of it) or a day and a minute (`2026-12-05T11:00`). The region's clock is written as
 * it is, so no time zone is converted: 11:00 is 11:00 in Europe/Moscow wherever it is asked.
 */
export interface AskedMoment {
  date: string;
  weekday: number;
  /** Minutes from midnight; absent: any time of the day. */
  minute?: number;
}

/** Reads `open_at`; null when it is no such day or moment (30 February, 24:30). */
export function askedMoment(value: string | null | undefined): AskedMoment | null {
  const moment = isoMomentOf(value);
  if (!moment) return null;
  const date = moment.slice(0, 10);
  const weekday = weekdayOf(date);
  return moment.length > 10 ? { date, weekday, minute: minutesOf(moment.slice(11)) } : { date, weekday };
}

/** Whether a place is open at an asked moment, or at some time of an asked day (its own hours, not a night before's). */
export function openAtMoment(hours: OpeningHoursT, moment: AskedMoment): boolean {
  if (moment.minute === undefined) return hoursOn(hours, moment.date).length > 0;
  const at = moment.minute;
  return spansOn(hours, moment.date).some(([a, b]) => a <= at && at < b);
}

// A status reads the same few hundred days again and again (each day's schedule, the day before's
// night, a week on for "the last Monday"), for every card of a list: the days' weekdays and
// neighbours are kept instead of parsing and formatting a Date each time (most of a status's cost).
const weekdays = new Map<string, number>();
const shifted = new Map<string, string>();
const keptDays = 4000;

/** The ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  let day = weekdays.get(date);
  if (day === undefined) {
    day = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
    if (weekdays.size >= keptDays) weekdays.clear();
    weekdays.set(date, day);
  }
  return day;
}

/** `addDays` of a date this module reads (a valid YYYY-MM-DD), kept. */
function dayFrom(date: string, days: number): string {
  const key = `${date}${days}`;
  let day = shifted.get(key);
  if (day === undefined) {
    day = addDays(date, days);
    if (shifted.size >= keptDays) shifted.clear();
    shifted.set(key, day);
  }
  return day;
}

/** Minutes from midnight of an HH:MM time (24:00 is 1440). */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** MM-DD as a number (501 for 1 May), for comparing days of the year. */
export const monthDayNumber = (monthDay: string) => Number(monthDay.replace('-', ''));

/** Whether a season's dates include a day of the year (a season from 1 Oct to 30 Apr wraps the new year). */
export function seasonIncludes(season: OpeningSeasonT, date: string): boolean {
  if (season.from === undefined || season.to === undefined) return true;
  const day = monthDayNumber(date.slice(5));
  const from = monthDayNumber(season.from);
  const to = monthDayNumber(season.to);
  return from <= to ? day >= from && day <= to : day >= from || day <= to;
}

/** The season a date follows, or null (no season includes it: closed). */
export function seasonOn(hours: OpeningHoursT, date: string): OpeningSeasonT | null {
  return hours.seasons.find((s) => seasonIncludes(s, date)) ?? null;
}

/** The monthly closures that would fall on a date: its weekday's place in the month, and -1 if it is the last. */
export function monthlyPlaces(date: string): { week: number; day: number }[] {
  const day = weekdayOf(date);
  const dayOfMonth = Number(date.slice(8, 10));
  const places = dayOfMonth <= 28 ? [{ week: Math.ceil(dayOfMonth / 7), day }] : [];
  // the last such weekday when a week later is another month
  if (dayFrom(date, 7).slice(5, 7) !== date.slice(5, 7)) places.push({ week: -1, day });
  return places;
}

/** Whether a date is a closed date or a monthly closed day of the place. */
export function closedOn(hours: OpeningHoursT, date: string): boolean {
  if (hours.closed_dates?.includes(date)) return true;
  const monthly = hours.closed_monthly ?? [];
  return monthlyPlaces(date).some((p) => monthly.some((m) => m.week === p.week && m.day === p.day));
}

type Span = [number, number];

/** The intervals a date's own schedule opens, in minutes; a night past midnight ends at 1440 here. */
function ownSpans(hours: OpeningHoursT, date: string): { spans: Span[]; spill: Span[] } {
  const season = seasonOn(hours, date);
  if (!season || closedOn(hours, date)) return { spans: [], spill: [] };
  const weekday = weekdayOf(date);
  const spans: Span[] = [];
  const spill: Span[] = [];
  for (const interval of season.hours) {
    if (!interval.days.includes(weekday)) continue;
    const opens = minutesOf(interval.opens);
    const closes = minutesOf(interval.closes);
    if (closes > opens) spans.push([opens, closes]);
    else {
      spans.push([opens, 1440]);
      if (closes > 0) spill.push([0, closes]);
    }
  }
  return { spans, spill };
}

/** The open intervals of a date, in minutes from its midnight, sorted: its own and the night before's. */
export function spansOn(hours: OpeningHoursT, date: string): Span[] {
  const spans = [...ownSpans(hours, date).spans, ...ownSpans(hours, dayFrom(date, -1)).spill];
  return spans.sort((a, b) => a[0] - b[0]);
}

/**
 * The intervals a place opens on a date, as the schedule writes them ("10:00–18:00"; a night past
 * midnight as "22:00–02:00"), in order; [] when it is closed that day. The night before's hours
 * past midnight are that night's, not this date's.
 */
export function hoursOn(hours: OpeningHoursT, date: string): string[] {
  const season = seasonOn(hours, date);
  if (!season || closedOn(hours, date)) return [];
  const weekday = weekdayOf(date);
  return season.hours
    .filter((i) => i.days.includes(weekday))
    .sort((x, y) => minutesOf(x.opens) - minutesOf(y.opens))
    .map((i) => `${i.opens}–${i.closes}`);
}

/** How far ahead "opens" and "until" look: a year, so that a place closed for the winter says when it opens. */
const LOOK_AHEAD_DAYS = 370;

/** Open or closed at a moment, with the closing time or the next opening (null hours: unknown). */
export function openStatus(hours: OpeningHoursT | null, now = new Date()): OpenStatusT | null {
  if (!hours) return null;
  const clock = regionClock(now);
  const today = spansOn(hours, clock.date);
  const current = today.find(([a, b]) => a <= clock.minute && clock.minute < b);
  if (current) return { open: true, until: closingTime(hours, clock.date, current[1]) };
  const later = today.find(([a]) => a > clock.minute);
  if (later) return { open: false, opens: { date: clock.date, time: timeOf(later[0]), in_days: 0 } };
  let before = clock.date;
  for (let days = 1; days <= LOOK_AHEAD_DAYS; days++) {
    const date = dayFrom(clock.date, days);
    // A day outside every season, after another, opens nothing (neither its own hours nor a night
    // from the day before): a place closed for the winter skips months of schedules this way.
    const outOfSeason = !seasonOn(hours, date) && !seasonOn(hours, before);
    before = date;
    if (outOfSeason) continue;
    const first = spansOn(hours, date)[0];
    if (first) return { open: false, opens: { date, time: timeOf(first[0]), in_days: days } };
  }
  return { open: false, opens: null };
}

/** When an open stretch that reaches `end` on `date` closes: across midnights, up to a week; null if not. */
function closingTime(hours: OpeningHoursT, date: string, end: number): string | null {
  let day = date;
  let reach = end;
  for (let i = 0; i < 7; i++) {
    const spans = spansOn(hours, day);
    // spans that touch or overlap the stretch extend it
    for (const [a, b] of spans) if (a <= reach && b > reach) reach = b;
    if (reach < 1440) return timeOf(reach);
    day = dayFrom(day, 1);
    const next = spansOn(hours, day).find(([a]) => a === 0);
    if (!next) return '24:00';
    reach = next[1];
  }
  return null;
}
