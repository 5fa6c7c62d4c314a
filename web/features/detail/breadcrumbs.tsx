import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import styles from './detail-page.module.css';

export interface Crumb {
  name: string;
  /** The crumb's path; the current page has none. */
  to?: string;
}

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation('detail');
  return (
    <nav aria-label={t('breadcrumbs')} className={styles.crumbs}>
      <ol>
        {crumbs.map((c) => (
          <li key={c.to ?? c.name}>
            {c.to ? <Link to={c.to}>{c.name}</Link> : <span aria-current="page">{c.name}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
