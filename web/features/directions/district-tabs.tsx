import { useSearchParams } from 'react-router';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import styles from './district-tabs.module.css';
import { districtPanelId, districtTabId } from './ids';
import { withParam } from './search-param';
import { onTablistKeyDown } from './tablist-keys';

export interface DistrictOption {
  id: number;
  name: string;
}

/** The desktop district selector: a tab list whose tabs are links to ?district=<id>. */
export function DistrictTabs({ districts, selected }: { districts: DistrictOption[]; selected: number }) {
  const { t } = useTranslation('directions');
  const [search] = useSearchParams();
  return (
    <div className={styles.tabs} role="tablist" aria-label={t('tabsLabel')} onKeyDown={onTablistKeyDown}>
      {districts.map((d) => (
        <Link
          key={d.id}
          id={districtTabId(d.id)}
          role="tab"
          className={styles.tab}
          aria-selected={d.id === selected}
          aria-controls={districtPanelId}
          tabIndex={d.id === selected ? 0 : -1}
          to={{ search: withParam(search, 'district', d.id) }}
          replace
          preventScrollReset
        >
          {d.name}
        </Link>
      ))}
    </div>
  );
}
