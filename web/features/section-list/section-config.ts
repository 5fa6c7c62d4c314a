import {
  isSectionSlug,
  type PracticalFilter,
  type Section,
  type SectionSlug,
  sectionSlugs,
  sections,
} from '../../../common/sections';
import type { ListParams } from '../../api/queries';
import type { Columns } from '../../components/card-grid/card-grid';
import { apiFilterParams, type ListState, type StateShape } from './list-state';

/** A filter group of a list and where its choices come from. */
export interface FilterSource {
  /** The API's query key: `{id}__in=1,2` (or `way_to_travel=1&way_to_travel=2`). */
  id: string;
  /** `/api/directory/{kind}/`, or `tourism-type` for `/api/tourism-type/`. */
  source: string;
  /** Keys in lists.json `filters`: the group's label, and its "all" text (`{label}Plural`). */
  label: string;
  allText: string;
}

/**
 * What differs between the list pages: page size, grid, filter groups (the section's type
 * directories if it has any, then district and city; news has none), search box and date range.
 */
export interface SectionConfig {
  /**
   * Cards per page (the API's `limit`). Every list has pages once it holds more than one page of
   * cards: the count a list states is always the number of cards its pages show. The lists meant
   * to fit on one page (popular places, information centres, types of tourism) show no page
   * selector as long as their content fits (docs/decisions/004-list-state-in-the-url.md).
   */
  limit: number;
  columns: Columns;
  filters: readonly FilterSource[];
  /** Its practical filters (free, open now, step-free entrance). */
  practical: readonly PracticalFilter[];
  /** Whether the list has a search box. */
  search: boolean;
  /** Events: a from/to date range. */
  dateRange: boolean;
}

/** A list page's settings, from the section's description (common/sections.ts). */
function configOf(section: Section): SectionConfig {
  const [base, from700, from1100] = section.page.columns;
  return {
    limit: section.page.limit,
    columns: { base, from700, from1100 },
    filters: section.filters
      .filter((f) => !f.apiOnly)
      .map((f) => ({ id: f.key, source: f.source, label: f.label, allText: `${f.label}Plural` })),
    practical: section.practical ?? [],
    search: section.listSearch,
    dateRange: section.dateRange === true,
  };
}

export const sectionConfig = Object.fromEntries(sections.map((s) => [s.slug, configOf(s)])) as Record<
  SectionSlug,
  SectionConfig
>;

/** The parts of a section's state its URL may carry. */
export function stateShape(section: SectionSlug): StateShape {
  const { filters, practical, search, dateRange } = sectionConfig[section];
  return { groups: filters.map((f) => f.id), practical, search, dateRange };
}

export { isSectionSlug, sectionSlugs };

/** The API query of one page of a section (offset = (page - 1) * limit). */
export function pageParams(section: SectionSlug, page: number, extra: ListParams = {}): ListParams {
  const { limit } = sectionConfig[section];
  return { limit, offset: (page - 1) * limit, ...extra };
}

/** The API query of a list state: its page, filters and search. */
export function listParams(section: SectionSlug, state: ListState): ListParams {
  return pageParams(section, state.page, apiFilterParams(state, stateShape(section)));
}
