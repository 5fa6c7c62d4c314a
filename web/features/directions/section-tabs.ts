import type { SectionSlug } from '../../api/queries';

/** The five tabs of a district's page, numbered 1 to 5 in this order (routes first). */
export const directionTabs = ['routes', 'attractions', 'events', 'residence', 'entertainment'] as const;
export type DirectionTab = (typeof directionTabs)[number] & SectionSlug;

/** The tab number of ?tab=N: 1 to 5, else 1. */
export function tabOfSearch(search: URLSearchParams): number {
  const value = Number(search.get('tab'));
  return Number.isInteger(value) && value >= 1 && value <= directionTabs.length ? value : 1;
}

export const sectionOfTab = (tab: number): DirectionTab => directionTabs[tab - 1] ?? 'routes';
