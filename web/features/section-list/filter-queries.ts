import type { Lang } from '../../../common/languages';
import type { ApiClient } from '../../api/client';
import { queries, type SectionSlug } from '../../api/queries';
import type { FilterGroup, Selection } from './filter-model';
import { type FilterSource, sectionConfig } from './section-config';

/** The query that fills a filter group (the directories are cached without expiry). */
export function filterSourceQuery(api: ApiClient, lang: Lang, source: FilterSource) {
  return source.source === 'tourism-type'
    ? queries.tourismTypes(api, lang)
    : queries.directory(api, lang, source.source);
}

/** The queries of every filter group of a section, in the section's order. */
export function filterQueries(api: ApiClient, lang: Lang, section: SectionSlug) {
  return sectionConfig[section].filters.map((source) => filterSourceQuery(api, lang, source));
}

/** The filter groups of a section from their sources' answers, marked as in `selection`. */
export function buildGroups(
  sources: readonly FilterSource[],
  lists: readonly ({ id: number; name: string; label?: string }[] | undefined)[],
  selection: Selection,
): FilterGroup[] {
  return sources.map((source, i) => {
    const active = new Set(selection[source.id] ?? []);
    return {
      id: source.id,
      label: source.label,
      allText: source.allText,
      data: (lists[i] ?? []).map((item) => ({
        id: item.id,
        label: item.label || item.name,
        active: active.has(item.id),
      })),
    };
  });
}
