import { useSearchParams } from 'react-router';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import styles from './direction-tab-bar.module.css';
import { withParam } from './search-param';
import { directionTabs } from './section-tabs';
import { onTablistKeyDown } from './tablist-keys';

export const directionTabId = (n: number) => `direction-tab-${n}`;
export const directionPanelId = 'direction-panel';

/** Tabs 1 to 5 of a district's page: links to ?tab=N (tab 1 has no parameter). */
export function DirectionTabBar({ selected }: { selected: number }) {
  const { t } = useTranslation('directions');
  const [search] = useSearchParams();
  // The dates belong to the events tab: another tab does not carry them in its URL.
  const kept = new URLSearchParams(search);
  for (const key of ['date_from', 'date_to', 'past']) kept.delete(key);
  return (
    <div
      className={styles.tabs}
      role="tablist"
      aria-label={t('detail.tabsLabel')}
      onKeyDown={onTablistKeyDown}
    >
      {directionTabs.map((section, i) => {
        const n = i + 1;
        return (
          <Link
            key={section}
            id={directionTabId(n)}
            role="tab"
            className={styles.tab}
            aria-selected={n === selected}
            aria-controls={directionPanelId}
            tabIndex={n === selected ? 0 : -1}
            to={{ search: withParam(n === selected ? search : kept, 'tab', n === 1 ? null : n) }}
            preventScrollReset
          >
            <span className={styles.number} aria-hidden="true">
              {n}
            </span>
            <span className={styles.label}>{t(`detail.tabs.${section}`)}</span>
          </Link>
        );
      })}
    </div>
  );
}
