import { type DirectionTab, directionTabs } from '../../../common/sections';

/** The tabs of a district's page, numbered from 1 in this order (routes first). */
export { type DirectionTab, directionTabs };

/** The tab number of ?tab=N: 1 to the number of tabs, else 1. */
export function tabOfSearch(search: URLSearchParams): number {
  const value = Number(search.get('tab'));
  return Number.isInteger(value) && value >= 1 && value <= directionTabs.length ? value : 1;
}

export const sectionOfTab = (tab: number): DirectionTab => directionTabs[tab - 1] ?? 'routes';
