import { useSearchParams } from 'react-router';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { searchWithPage } from '../pagination';
import styles from './filters.module.css';

/** A page number past the end of the list: say so and link to the last page. */
export function PastLastPage({ page, last }: { page: number; last: number }) {
  const { t } = useTranslation('lists');
  const [search] = useSearchParams();
  return (
    <div className={styles.notice} role="status">
      <p>{t('pastEnd.text', { page, last })}</p>
      <Link className="button" to={{ search: searchWithPage(search, last) }}>
        {t('pastEnd.link', { page: last })}
      </Link>
    </div>
  );
}
