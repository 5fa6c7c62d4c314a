import type { TFunction } from 'i18next';
import {
  emptyPlan,
  MAX_NAME_LENGTH,
  MAX_PLAN_ITEMS,
  normalizePlan,
  planEntries,
  type TripPlan,
} from '../../../common/trip-plan';
import { announce, setSaved, tripChangedElsewhere, tripStorageKey } from './store';

// The visitor's trip plan in full: read once (tolerantly: common/trip-plan.ts normalizePlan) and
// kept in memory, re-read when another tab changed it, written at every change. A storage that
// refuses (full, blocked, a private window) keeps the plan for this page's life and says so.

let plan: TripPlan | null = null;
let readAt = -1;

function load(): TripPlan {
  try {
    const raw = window.localStorage.getItem(tripStorageKey);
    return normalizePlan(raw ? JSON.parse(raw) : null);
  } catch {
    return emptyPlan();
  }
}

/** The plan (the same object until it changes), for useSyncExternalStore with ./store's subscribeTrip. */
export function tripPlan(): TripPlan {
  if (plan === null || readAt !== tripChangedElsewhere()) {
    plan = load();
    readAt = tripChangedElsewhere();
  }
  return plan;
}

/** Replaces the plan; false when the browser would not store it (it is kept for this page only). */
export function writeTrip(next: TripPlan): boolean {
  plan = next;
  readAt = tripChangedElsewhere();
  let stored = true;
  try {
    window.localStorage.setItem(tripStorageKey, JSON.stringify(next));
  } catch {
    stored = false;
  }
  setSaved(planEntries(next).map((e) => e.key));
  return stored;
}

/**
 * Saves an item (to the unplanned group: the visitor decides its day on the plan's page) or
 * removes it from wherever it is. Whether it is saved now, whether the browser stored it, and
 * whether the plan was full (MAX_PLAN_ITEMS) so that nothing changed.
 */
export function toggleSaved(key: string, name?: string): { saved: boolean; stored: boolean; full?: true } {
  const current = tripPlan();
  const entries = planEntries(current);
  if (entries.some((e) => e.key === key)) {
    const without = (list: TripPlan['unplanned']) => list.filter((e) => e.key !== key);
    return {
      saved: false,
      stored: writeTrip({
        ...current,
        unplanned: without(current.unplanned),
        days: current.days.map(without),
      }),
    };
  }
  if (entries.length >= MAX_PLAN_ITEMS) return { saved: false, stored: true, full: true };
  const entry = name ? { key, name: name.slice(0, MAX_NAME_LENGTH) } : { key };
  return { saved: true, stored: writeTrip({ ...current, unplanned: [...current.unplanned, entry] }) };
}

/** A save control's press: the item saved or removed, and the header's live region says which. */
export function pressSave(key: string, name: string, t: TFunction): void {
  const result = toggleSaved(key, name);
  announce(
    t(
      !result.stored
        ? 'trip.notStored'
        : result.full
          ? 'trip.full'
          : result.saved
            ? 'trip.announceSaved'
            : 'trip.announceRemoved',
      { name },
    ),
  );
}
