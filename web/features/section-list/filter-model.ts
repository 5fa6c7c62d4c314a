import type { PracticalOfferT } from '../../../common/api';
import { everySection, type PracticalFilter, type SectionSlug } from '../../../common/sections';

// The filter rules of the list pages (an item and "all" toggled, the filter query, when a change
// counts), pure so they can be unit-tested.

/** One choice of a filter group; `active` means it is selected. */
export interface FilterItem {
  id: number;
  label: string;
  active: boolean;
}

/** A filter group of a list page: its id is the API's query key (`{id}__in` or a repeated key). */
export interface FilterGroup {
  id: string;
  /** Translation key of the group's label (e.g. `district`). */
  label: string;
  /** Translation key of the group's "all" text (e.g. `districtPlural`). */
  allText: string;
  data: FilterItem[];
}

/** Groups whose key repeats once per selected id instead of `{id}__in=1,2`. */
export const repeatedGroups: ReadonlySet<string> = new Set(
  everySection.flatMap((s) => s.filters.filter((f) => f.repeated).map((f) => f.key)),
);

/** The selected ids of each group, as kept in the URL. */
export type Selection = Record<string, number[]>;

/** The special item id that stands for "all items of the group". */
export const ALL = 'all' as const;

/**
 * Flips one item of a group, or forces it active when `force` is true. Returns new groups; the
 * input is never changed. Unknown groups or items leave the groups as they are.
 */
export function toggleItem(
  groups: readonly FilterGroup[],
  groupId: string,
  itemId: number | typeof ALL,
  force = false,
): FilterGroup[] {
  if (itemId === ALL) return toggleAll(groups, groupId);
  return groups.map((group) =>
    group.id !== groupId
      ? group
      : {
          ...group,
          data: group.data.map((item) =>
            item.id === itemId ? { ...item, active: force ? true : !item.active } : item,
          ),
        },
  );
}

/** "All": when every item of the group is active all become inactive, otherwise all become active. */
export function toggleAll(groups: readonly FilterGroup[], groupId: string): FilterGroup[] {
  return groups.map((group) => {
    if (group.id !== groupId) return group;
    const next = !allActive(group);
    return { ...group, data: group.data.map((item) => ({ ...item, active: next })) };
  });
}

/** Whether every item of a (non-empty) group is active. */
export function allActive(group: FilterGroup): boolean {
  return group.data.length > 0 && group.data.every((item) => item.active);
}

/** The active ids of a group, ascending (so that equal selections give equal queries). */
export function activeIds(group: FilterGroup): number[] {
  return group.data
    .filter((item) => item.active)
    .map((item) => item.id)
    .sort((a, b) => a - b);
}

/**
 * The filter query of the groups, in the list endpoint's own encoding (see
 * docs/decisions/004-list-state-in-the-url.md): `way_to_travel=a&way_to_travel=b` for the
 * repeated group, `{groupid}__in=ids` joined by commas for the others; groups without active
 * items are left out; groups are joined with `&`.
 */
export function filterQuery(groups: readonly FilterGroup[]): string {
  return selectionQuery(selectionOf(groups));
}

/** The query of a selection, groups in the order given, ids in the order given. */
export function selectionQuery(selection: Selection): string {
  const parts: string[] = [];
  for (const [group, ids] of Object.entries(selection)) {
    if (!ids.length) continue;
    if (repeatedGroups.has(group)) {
      for (const id of ids) parts.push(`${encodeURIComponent(group)}=${id}`);
    } else {
      parts.push(`${encodeURIComponent(group)}__in=${ids.join(',')}`);
    }
  }
  return parts.join('&');
}

/** The active ids of every group. */
export function selectionOf(groups: readonly FilterGroup[]): Selection {
  return Object.fromEntries(groups.map((group) => [group.id, activeIds(group)]));
}

/** The groups with their items marked active as in `selection` (ids not in a group are ignored). */
export function withSelection(groups: readonly FilterGroup[], selection: Selection): FilterGroup[] {
  return groups.map((group) => {
    const ids = new Set(selection[group.id] ?? []);
    return { ...group, data: group.data.map((item) => ({ ...item, active: ids.has(item.id) })) };
  });
}

/**
 * The rule "after each change the filter query is recomputed and stored only if different from
 * the current one": the new query, or null when nothing changed.
 */
export function changedQuery(current: string, groups: readonly FilterGroup[]): string | null {
  const next = filterQuery(groups);
  return next === current ? null : next;
}

/** How many items are active over all groups. */
export function activeCount(groups: readonly FilterGroup[]): number {
  return groups.reduce((sum, group) => sum + activeIds(group).length, 0);
}

/** Text as the filter search compares it: lower case, ё read as е. */
const comparable = (text: string) => text.toLocaleLowerCase().replaceAll('ё', 'е');

/** The items whose label has every word of `query` (any order, any case); all of them for no words. */
export function matchingItems(items: readonly FilterItem[], query: string): FilterItem[] {
  const words = comparable(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [...items];
  return items.filter((item) => {
    const label = comparable(item.label);
    return words.every((word) => label.includes(word));
  });
}

/**
 * What a collapsed long group shows: its first `preview` items and, after them, every active item
 * further down (a choice is never hidden).
 */
export function previewItems(items: readonly FilterItem[], preview: number): FilterItem[] {
  return items.filter((item, i) => i < preview || item.active);
}

/**
 * The practical filters a list offers: those of its section that some place of the list can pass
 * (the server's answer), and any that is on (the URL asked for it), so it can be switched off.
 */
export function offeredPractical(
  section: SectionSlug,
  filters: readonly PracticalFilter[],
  offer: PracticalOfferT | undefined,
  on: readonly PracticalFilter[],
): PracticalFilter[] {
  const can = (offer as Partial<Record<string, readonly PracticalFilter[]>> | undefined)?.[section] ?? [];
  return filters.filter((f) => can.includes(f) || on.includes(f));
}
