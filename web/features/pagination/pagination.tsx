import { useSearchParams } from 'react-router';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { pageCount, pageWindow, searchWithPage } from './page-window';
import styles from './pagination.module.css';

export interface PaginationProps {
  page: number;
  count: number;
  limit: number;
  /** The accessible name of the landmark, when a page has more than one list. */
  label?: string;
}

/**
 * The page selector of the list pages: links (crawlable, work without JavaScript) that keep the
 * other query parameters and do not reset the scroll (the list scrolls itself to its top).
 */
export function Pagination({ page, count, limit, label }: PaginationProps) {
  const { t } = useTranslation('lists');
  const [search] = useSearchParams();
  const total = pageCount(count, limit);
  if (total <= 1) return null;
  const to = (n: number) => ({ search: searchWithPage(search, n) });
  return (
    <nav className={styles.nav} aria-label={label ?? t('pagination.label')}>
      <ul className={styles.list}>
        {page > 1 && (
          <li>
            <Link
              className={styles.item}
              to={to(Math.min(page - 1, total))}
              preventScrollReset
              rel="prev"
              aria-label={t('pagination.previous')}
            >
              <span className={`${styles.circle} ${styles.arrow}`} aria-hidden="true">
                ‹
              </span>
            </Link>
          </li>
        )}
        {pageWindow(page, total).map((n) => (
          <li key={n}>
            <Link
              className={styles.item}
              to={to(n)}
              preventScrollReset
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('pagination.page', { page: n })}
            >
              <span className={styles.circle}>{n}</span>
            </Link>
          </li>
        ))}
        {page < total && (
          <li>
            <Link
              className={styles.item}
              to={to(page + 1)}
              preventScrollReset
              rel="next"
              aria-label={t('pagination.next')}
            >
              <span className={`${styles.circle} ${styles.arrow}`} aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
