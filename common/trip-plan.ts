import { addDays, isoDateOf } from './date-presets.js';
import { type TripSection, tripSections } from './sections.js';

// The visitor's trip plan: the items they saved, each with an optional note, in an "unplanned"
// group (where a new save goes) and in days, in order. The browser keeps it (localStorage); a
// shared link carries it in a compact text form (`encodePlan`, common/trip-link.ts), which the server reads to render
// the shared plan and to make its GPX and .ics files.

/**
 * An item of the plan: `attractions.12`, the visitor's note on it, and its name as the page that
 * saved it showed it (in that page's language): the plan names its items with it while the site's
 * answer is on its way. A link never carries names (`encodePlan`).
 */
export interface PlanEntry {
  key: string;
  note?: string;
  name?: string;
}

export interface TripPlan {
  /** Saved, not yet put into a day. */
  unplanned: PlanEntry[];
  days: PlanEntry[][];
  /**
   * The date of the first day (YYYY-MM-DD), when the visitor has set one: day n is n-1 days later,
   * and the plan shows each place's hours and each event's running on its day.
   */
  start?: string;
}

/** The date of a day of the plan (0 the first), or null when the plan has no first date. */
export const dayDate = (plan: TripPlan, day: number): string | null =>
  plan.start ? addDays(plan.start, day) : null;

/** The plan with its first date set, or without one ('' or an invalid date). */
export function withStart(plan: TripPlan, start: string): TripPlan {
  const { start: _old, ...rest } = plan;
  const date = isoDateOf(start);
  return date ? { ...rest, start: date } : rest;
}

/** What a plan may hold: an API call and a link name every item at once. */
export const MAX_PLAN_ITEMS = 100;
export const MAX_PLAN_DAYS = 30;
export const MAX_NOTE_LENGTH = 300;
/** A kept name longer than this is cut (the longest name of the demo content is under 100). */
export const MAX_NAME_LENGTH = 200;

export const emptyPlan = (): TripPlan => ({ unplanned: [], days: [[]] });

const keyPattern = /^([a-z-]+)\.([1-9][0-9]{0,8})$/;

/** The section and id of an item key, or null when it names no section that can be saved. */
export function parseTripKey(key: string): { section: TripSection; id: number } | null {
  const m = keyPattern.exec(key);
  if (!m || !(tripSections as readonly string[]).includes(m[1] as string)) return null;
  return { section: m[1] as TripSection, id: Number(m[2]) };
}

/** Every entry of the plan, unplanned first, then day by day. */
export const planEntries = (plan: TripPlan): PlanEntry[] => [...plan.unplanned, ...plan.days.flat()];

const cleanText = (text: unknown, max: number): string | undefined =>
  typeof text === 'string' && text.trim() ? text.slice(0, max) : undefined;

/**
 * A plan from whatever was stored (another version, a hand edit, garbage): entries that name no
 * item that can be saved, and repeats, are dropped; at least one day; at most the limits.
 */
export function normalizePlan(raw: unknown): TripPlan {
  const seen = new Set<string>();
  const entries = (list: unknown): PlanEntry[] => {
    if (!Array.isArray(list)) return [];
    const out: PlanEntry[] = [];
    for (const item of list) {
      const key = (item as { key?: unknown } | null)?.key;
      if (typeof key !== 'string' || seen.has(key) || !parseTripKey(key)) continue;
      if (seen.size >= MAX_PLAN_ITEMS) break;
      seen.add(key);
      const note = cleanText((item as { note?: unknown }).note, MAX_NOTE_LENGTH);
      const name = cleanText((item as { name?: unknown }).name, MAX_NAME_LENGTH);
      out.push({ key, ...(note ? { note } : {}), ...(name ? { name } : {}) });
    }
    return out;
  };
  const source = (raw ?? {}) as { unplanned?: unknown; days?: unknown; start?: unknown };
  const unplanned = entries(source.unplanned);
  const days = (Array.isArray(source.days) ? source.days : []).slice(0, MAX_PLAN_DAYS).map(entries);
  const plan = { unplanned, days: days.length ? days : [[]] };
  return typeof source.start === 'string' ? withStart(plan, source.start) : plan;
}
