import { isoDateOf } from './date-presets.js';
import { sections, type TripSection } from './sections.js';
import {
  MAX_NOTE_LENGTH,
  MAX_PLAN_DAYS,
  MAX_PLAN_ITEMS,
  type PlanEntry,
  parseTripKey,
  type TripPlan,
} from './trip-plan.js';

// The link form, version 1: `1*<unplanned>*<day 1>*<day 2>…`; a group is its items joined by `.`,
// an item is its section's letter (common/sections.ts, `trip.code`) and its id, and its note as
// `-` and the note's UTF-8 in base64url. Only letters, digits and `*-._` are used, which
// URLSearchParams and every messenger leave as they are: `1**a12.r3-0JzQvtC5*e4`. A plan with a
// first date carries it after the version: `1.2026-12-05**a12*e4`.

const version = '1';
const codeOf = new Map<string, string>();
const sectionOfCode = new Map<string, TripSection>();
for (const s of sections) {
  if ('trip' in s) {
    codeOf.set(s.slug, s.trip.code);
    sectionOfCode.set(s.trip.code, s.slug);
  }
}

const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let c = 0; c < chars; c++) out += base64Alphabet[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 4) {
    const chunk = text.slice(i, i + 4);
    let n = 0;
    for (let c = 0; c < 4; c++)
      n = (n << 6) | (c < chunk.length ? base64Alphabet.indexOf(chunk[c] as string) : 0);
    bytes.push((n >> 16) & 255);
    if (chunk.length > 2) bytes.push((n >> 8) & 255);
    if (chunk.length > 3) bytes.push(n & 255);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

/** The plan as the text of a link's `plan=` parameter. */
export function encodePlan(plan: TripPlan): string {
  const group = (entries: PlanEntry[]) =>
    entries
      .map((e) => {
        const parsed = parseTripKey(e.key);
        if (!parsed) return '';
        const item = `${codeOf.get(parsed.section)}${parsed.id}`;
        return e.note ? `${item}-${toBase64Url(e.note)}` : item;
      })
      .filter(Boolean)
      .join('.');
  const head = plan.start ? `${version}.${plan.start}` : version;
  return [head, group(plan.unplanned), ...plan.days.map(group)].join('*');
}

export type DecodedPlan =
  | { ok: true; plan: TripPlan }
  | { ok: false; problem: 'version' | 'malformed' | 'too-large' };

/** A link's plan; what is wrong with it when it is not one this version can read. */
export function decodePlan(text: string): DecodedPlan {
  const groups = text.split('*');
  const [linkVersion, start, ...rest] = (groups[0] ?? '').split('.');
  if (linkVersion !== version)
    return { ok: false, problem: /^[0-9]+$/.test(linkVersion ?? '') ? 'version' : 'malformed' };
  if (rest.length || (start !== undefined && !isoDateOf(start))) return { ok: false, problem: 'malformed' };
  if (groups.length < 2 || groups.length > MAX_PLAN_DAYS + 2)
    return { ok: false, problem: groups.length < 2 ? 'malformed' : 'too-large' };
  const seen = new Set<string>();
  const read = (group: string): PlanEntry[] | null => {
    if (!group) return [];
    const out: PlanEntry[] = [];
    for (const item of group.split('.')) {
      const m = /^([a-z])([1-9][0-9]{0,8})(?:-([A-Za-z0-9_-]+))?$/.exec(item);
      const section = m && sectionOfCode.get(m[1] as string);
      if (!m || !section) return null;
      const key = `${section}.${m[2]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const note = m[3] === undefined ? undefined : fromBase64Url(m[3]);
      if (note === null) return null;
      out.push(note ? { key, note: note.slice(0, MAX_NOTE_LENGTH) } : { key });
    }
    return out;
  };
  const read0 = groups.slice(1).map(read);
  if (read0.some((g) => g === null)) return { ok: false, problem: 'malformed' };
  if (seen.size > MAX_PLAN_ITEMS) return { ok: false, problem: 'too-large' };
  const [unplanned = [], ...days] = read0 as PlanEntry[][];
  const plan: TripPlan = { unplanned, days: days.length ? days : [[]] };
  return { ok: true, plan: start ? { ...plan, start } : plan };
}
