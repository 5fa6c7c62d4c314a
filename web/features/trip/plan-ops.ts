import type { TripItemT } from '../../../common/api';
import { MAX_PLAN_DAYS, MAX_PLAN_ITEMS, type PlanEntry, type TripPlan } from '../../../common/trip-plan';

// Changes of a trip plan, each a new plan (the store keeps and writes it). A group is the
// unplanned items (-1) or a day (0, 1, …).

export type GroupIndex = number;
export const UNPLANNED: GroupIndex = -1;

export const groupOf = (plan: TripPlan, group: GroupIndex): PlanEntry[] =>
  group === UNPLANNED ? plan.unplanned : (plan.days[group] ?? []);

/** Where an item is: its group and its place in it; null when it is not in the plan. */
export function findEntry(plan: TripPlan, key: string): { group: GroupIndex; index: number } | null {
  const index = plan.unplanned.findIndex((e) => e.key === key);
  if (index >= 0) return { group: UNPLANNED, index };
  for (const [day, entries] of plan.days.entries()) {
    const at = entries.findIndex((e) => e.key === key);
    if (at >= 0) return { group: day, index: at };
  }
  return null;
}

function withGroup(plan: TripPlan, group: GroupIndex, entries: PlanEntry[]): TripPlan {
  if (group === UNPLANNED) return { ...plan, unplanned: entries };
  return { ...plan, days: plan.days.map((d, n) => (n === group ? entries : d)) };
}

/** Moves an item to a group, at `index` there (its end when not given). */
export function moveEntry(plan: TripPlan, key: string, group: GroupIndex, index?: number): TripPlan {
  const from = findEntry(plan, key);
  if (!from || (group !== UNPLANNED && !plan.days[group])) return plan;
  const entry = groupOf(plan, from.group)[from.index] as PlanEntry;
  const without = withGroup(
    plan,
    from.group,
    groupOf(plan, from.group).filter((e) => e.key !== key),
  );
  const target = [...groupOf(without, group)];
  const at = Math.max(0, Math.min(index ?? target.length, target.length));
  target.splice(at, 0, entry);
  return withGroup(without, group, target);
}

/** Moves an item one place up (-1) or down (+1) in its group. */
export function shiftEntry(plan: TripPlan, key: string, by: -1 | 1): TripPlan {
  const from = findEntry(plan, key);
  if (!from) return plan;
  return moveEntry(plan, key, from.group, from.index + by);
}

export function setNote(plan: TripPlan, key: string, note: string): TripPlan {
  const from = findEntry(plan, key);
  if (!from) return plan;
  const entries = groupOf(plan, from.group).map((e) => {
    if (e.key !== key) return e;
    const { note: _old, ...rest } = e;
    return note.trim() ? { ...rest, note } : rest;
  });
  return withGroup(plan, from.group, entries);
}

export function removeEntry(plan: TripPlan, key: string): TripPlan {
  const drop = (list: PlanEntry[]) => list.filter((e) => e.key !== key);
  return { ...plan, unplanned: drop(plan.unplanned), days: plan.days.map(drop) };
}

export function addDay(plan: TripPlan): TripPlan {
  return plan.days.length >= MAX_PLAN_DAYS ? plan : { ...plan, days: [...plan.days, []] };
}

/** Removes a day; its items go back to the unplanned ones, in their order. The plan keeps one day. */
export function removeDay(plan: TripPlan, day: number): TripPlan {
  const gone = plan.days[day];
  if (!gone) return plan;
  const days = plan.days.filter((_, n) => n !== day);
  return { ...plan, unplanned: [...plan.unplanned, ...gone], days: days.length ? days : [[]] };
}

/**
 * A shared plan added to the visitor's own: its day n joins their day n (days are added as
 * needed), its unplanned items their unplanned ones; an item they have already stays where it is.
 * The visitor's first date stays; a plan without one takes the shared plan's.
 */
export function mergePlans(own: TripPlan, shared: TripPlan): TripPlan {
  const have = new Set([...own.unplanned, ...own.days.flat()].map((e) => e.key));
  let room = MAX_PLAN_ITEMS - have.size;
  const fresh = (list: PlanEntry[]) =>
    list.filter((e) => {
      if (have.has(e.key) || room <= 0) return false;
      have.add(e.key);
      room -= 1;
      return true;
    });
  const unplanned = [...own.unplanned, ...fresh(shared.unplanned)];
  const days = own.days.map((d) => [...d]);
  for (const [n, day] of shared.days.entries()) {
    if (n >= MAX_PLAN_DAYS) break;
    days[n] = [...(days[n] ?? []), ...fresh(day)];
  }
  const start = own.start ?? shared.start;
  return start ? { unplanned, days, start } : { unplanned, days };
}

export const isEmptyPlan = (plan: TripPlan) =>
  plan.unplanned.length === 0 && plan.days.every((d) => d.length === 0);

/** The plan with each item's name as the site gave it, for what is shown before the next answer. */
export function withNames(plan: TripPlan, items: ReadonlyMap<string, TripItemT>): TripPlan {
  const named = (list: PlanEntry[]) =>
    list.map((e) => {
      const name = items.get(e.key)?.name;
      return name ? { ...e, name } : e;
    });
  return { ...plan, unplanned: named(plan.unplanned), days: plan.days.map(named) };
}

/**
 * What an item of the plan is called: the site's answer, else the name the plan kept from the page
 * that saved it; null when neither is known yet (never its key, which means nothing to a visitor).
 */
export const knownName = (entry: PlanEntry, item: TripItemT | undefined): string | null =>
  item?.name ?? entry.name ?? null;
