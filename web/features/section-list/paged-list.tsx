import type { ReactNode } from 'react';
import type { PageT } from '../../../common/api';
import type { SectionItem, SectionSlug } from '../../api/queries';
import { CardGrid, CardGridItem, gridSizes } from '../../components/card-grid/card-grid';
import type { HeadingLevel } from '../../components/cards';
import { formatNumber, useLocale } from '../../components/cards';
import { Pagination, pageCount } from '../../components/pagination';
import { useTranslation } from '../../lib/translation';
import styles from './paged-list.module.css';
import { SectionCard } from './section-card';
import { sectionConfig } from './section-config';

export interface PagedListProps<S extends SectionSlug> {
  section: S;
  data: PageT<SectionItem[S]>;
  page: number;
  /** What to say when there is nothing to show: words, or a block of its own (NoMatches). */
  empty: ReactNode;
  /** The page selector's accessible name. */
  paginationLabel?: string;
  /** The level of the cards' headings (below the page's own headings). */
  headingLevel?: HeadingLevel;
  /**
   * The list starts the page's first screen: its first card's picture is the largest content of a
   * phone's first screen, loaded at once with high priority (a lazy picture is asked for only
   * after layout, and the app's start waits for such pictures: web/lib/deferred-start.ts).
   */
  firstScreen?: boolean;
}

/** One page of a section's cards and the page selector (when there is more than one page). */
export function PagedList<S extends SectionSlug>({
  section,
  data,
  page,
  empty,
  paginationLabel,
  headingLevel = 2,
  firstScreen = false,
}: PagedListProps<S>) {
  const config = sectionConfig[section];
  const sizes = gridSizes(config.columns);
  const { t } = useTranslation('lists');
  const locale = useLocale();
  // A search counts at most 1,000 matches (SEARCH_COUNT_CAP): its last page says why it ends there.
  const capEnd = data.capped && page >= pageCount(data.count, config.limit);
  return (
    <>
      {data.results.length === 0 ? (
        typeof empty === 'string' ? (
          <p className={styles.empty}>{empty}</p>
        ) : (
          empty
        )
      ) : (
        <CardGrid columns={config.columns}>
          {data.results.map((item, i) => (
            <CardGridItem key={item.id}>
              <SectionCard
                section={section}
                item={item}
                headingLevel={headingLevel}
                sizes={sizes}
                priority={firstScreen && i === 0}
              />
            </CardGridItem>
          ))}
        </CardGrid>
      )}
      {capEnd && (
        <p className={styles.capped}>
          {t('cappedNote', { count: data.count, n: formatNumber(data.count, locale, 0) })}
        </p>
      )}
      <Pagination page={page} count={data.count} limit={config.limit} label={paginationLabel} />
    </>
  );
}
