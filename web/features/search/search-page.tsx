import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchGroupT } from '../../../common/api';
import { useApi } from '../../lib/api-context';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { detailHref, formatNumber, PlaceCard, useLocale } from '../cards';
import { popularPlacesQuery } from '../home/home-queries';
import { CardGrid, CardGridItem, gridSizes } from '../section-list/card-grid';
import { SearchForm } from './search-form';
import { SearchHit } from './search-hit';
import styles from './search-page.module.css';
import { siteSearchQuery } from './search-queries';

const popularColumns = { base: 1, from700: 2, from1100: 4 } as const;

/** /search/{query}: the form, the results grouped by section with counts, or popular places. */
export function SearchPage({ query }: { query: string }) {
  const { t } = useTranslation('search');
  const { api, lang } = useApi();
  const locale = useLocale();
  const { data: result, isPending } = useQuery({
    ...siteSearchQuery(api, lang, query),
    enabled: query !== '',
  });
  const groups = result?.groups ?? [];
  const searched = query !== '' && !isPending;
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>{query ? t('titleWithQuery', { query }) : t('title')}</h1>
      <SearchForm query={query} />
      {!query && <p className={styles.message}>{t('start')}</p>}
      {searched && result === null && <p className={styles.message}>{t('tooShort')}</p>}
      {searched && result && result.total > 0 && (
        <p className={styles.summary} role="status">
          {t(result.capped ? 'summaryMore' : 'summary', {
            count: result.total,
            n: formatNumber(result.total, locale, 0),
            query,
          })}
        </p>
      )}
      {groups.length > 1 && (
        <nav className={styles.sectionNav} aria-label={t('sectionsNav')}>
          <ul>
            {groups.map((g) => (
              <li key={g.section}>
                <a href={`#results-${g.section}`}>
                  <SectionName section={g.section} />{' '}
                  <span className={styles.count}>{countText(g, locale)}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {groups.map((g) => (
        <ResultGroup key={g.section} group={g} query={query} />
      ))}
      {searched && result && result.total === 0 && (
        <div className={styles.empty} role="status">
          <p className={styles.message}>{t('empty', { query })}</p>
          <p>{t('emptyHint')}</p>
        </div>
      )}
      {(!query || (searched && (result === null || result?.total === 0))) && <PopularSuggestions />}
    </div>
  );
}

/** A group's count in the page's language; "100+" when it stopped at the search page's cap. */
function countText(group: SearchGroupT, locale: string): string {
  const n = formatNumber(group.count, locale, 0);
  return group.capped ? `${n}+` : n;
}

function SectionName({ section }: { section: SearchGroupT['section'] }) {
  const { t } = useTranslation();
  return <>{section === 'directions' ? t('search:directions') : t(`sections.${section}`)}</>;
}

function ResultGroup({ group, query }: { group: SearchGroupT; query: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = `results-${group.section}`;
  const section = group.section === 'directions' ? t('search:directions') : t(`sections.${group.section}`);
  const allHref =
    group.section === 'directions'
      ? '/directions'
      : `/${group.section}/list?search=${encodeURIComponent(query)}`;
  return (
    <section className={styles.group} aria-labelledby={headingId}>
      <div className={styles.groupHead}>
        <h2 id={headingId} className={styles.groupTitle}>
          {section} <span className={styles.count}>{countText(group, locale)}</span>
        </h2>
        {group.count > group.results.length || group.section === 'directions' ? (
          <Link className={styles.all} to={allHref}>
            {group.section === 'directions'
              ? t('search:toDirections')
              : t(group.capped ? 'search:allInSectionMore' : 'search:allInSection', {
                  count: group.count,
                  n: formatNumber(group.count, locale, 0),
                  section,
                })}
          </Link>
        ) : null}
      </div>
      <ul className={styles.hits}>
        {group.results.map((hit) => (
          <SearchHit key={hit.id} hit={hit} section={group.section} />
        ))}
      </ul>
    </section>
  );
}

function PopularSuggestions() {
  const { t } = useTranslation('search');
  const { api, lang } = useApi();
  const { data } = useQuery({ ...popularPlacesQuery(api, lang), placeholderData: keepPreviousData });
  const items = data?.results ?? [];
  if (!items.length) return null;
  return (
    <section className={styles.group} aria-labelledby="search-popular">
      <h2 id="search-popular" className={styles.groupTitle}>
        {t('popular')}
      </h2>
      <CardGrid columns={popularColumns}>
        {items.slice(0, 4).map((item) => (
          <CardGridItem key={item.id}>
            <PlaceCard
              item={item}
              href={detailHref('attractions', item.id)}
              saveKey={`attractions.${item.id}`}
              showRating
              sizes={gridSizes(popularColumns)}
            />
          </CardGridItem>
        ))}
      </CardGrid>
    </section>
  );
}
