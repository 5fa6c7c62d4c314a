// What every page knows of the visitor's trip (no account: it lives in this browser's
// localStorage under a versioned key): which items are saved, for the save controls and the
// header's count, kept in step with other tabs (the storage event) and with the plan's own
// changes. Small on purpose, as every page with a card or a header loads it: the plan itself
// (reading it in full, changing it) is ./plan-store.ts, which a save loads when it is first used.

export const tripStorageKey = 'portal-trip-v1';

let saved: Set<string> | null = null;
let externalChanges = 0;
const listeners = new Set<() => void>();

/**
 * The keys of the stored plan's items; none when nothing (or garbage) is stored or storage is
 * blocked. Only their form is checked here (the plan's full reading, common/trip-plan.ts, stays out
 * of every page's scripts); the plan's store drops what names no section at its first write.
 */
function readSaved(): Set<string> {
  const found = new Set<string>();
  try {
    const stored = JSON.parse(window.localStorage.getItem(tripStorageKey) ?? 'null');
    const groups = [stored?.unplanned, ...(Array.isArray(stored?.days) ? stored.days : [])];
    for (const group of groups) {
      if (!Array.isArray(group)) continue;
      for (const entry of group) if (/^[a-z-]+\.[1-9]\d{0,8}$/.test(String(entry?.key))) found.add(entry.key);
    }
  } catch {
    // unreadable: nothing saved
  }
  return found;
}

const emit = () => {
  for (const listener of listeners) listener();
};

const onStorage = (event: StorageEvent) => {
  if (event.key !== tripStorageKey && event.key !== null) return;
  saved = null;
  externalChanges += 1;
  emit();
};

/** For useSyncExternalStore: called on every change of the plan, here or in another tab. */
export function subscribeTrip(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** How many times another tab changed the plan (the plan's own store re-reads it then). */
export const tripChangedElsewhere = () => externalChanges;

const savedNow = () => {
  saved ??= readSaved();
  return saved;
};
export const isSaved = (key: string): boolean => savedNow().has(key);
export const savedCount = (): number => savedNow().size;

/** The plan changed on this page: its items now (kept even when the browser would not store them). */
export function setSaved(keys: Iterable<string>): void {
  saved = new Set(keys);
  emit();
}

// One polite live region (in the site header) says what a save control did: a control's own
// aria-pressed changes without a word in most screen readers.
let announcement = '';
const announceListeners = new Set<() => void>();

export function announce(text: string): void {
  // The same words twice in a row are still a change, so they are said again.
  announcement = announcement === text ? `${text}\u00a0` : text;
  for (const listener of announceListeners) listener();
}
export function subscribeAnnouncement(listener: () => void): () => void {
  announceListeners.add(listener);
  return () => announceListeners.delete(listener);
}
export const currentAnnouncement = () => announcement;
