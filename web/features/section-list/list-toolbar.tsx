import { type ReactNode, Suspense, useId, useState } from 'react';
import { formatNumber, useLocale } from '../../components/cards';
import { Modal } from '../../components/modal/modal';
import { lazyNearScreen } from '../../lib/lazy-near-screen';
import { LangField } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import styles from './filters.module.css';

export interface ListToolbarProps {
  /** The search box, when the list has one. */
  search: ReactNode | null;
  /** The filter groups beside the list (from 1100 px, and at every width without JavaScript). */
  filters: ReactNode | null;
  /** The hidden fields the filter form submits with its choices (see `keptFields`). */
  kept?: readonly [string, string][];
  /** The content of the filter sheet the filters button opens below 1100 px. */
  sheet: ((close: () => void) => ReactNode) | null;
  /** How many filter choices are active (shown on the filters button). */
  activeFilters: number;
  /** The number of matches, when known. */
  count: number | undefined;
  /** The count stopped at the search cap: there are more. */
  capped?: boolean | undefined;
  /** Whether anything is narrowed (then a reset button is offered). */
  narrowed: boolean;
  onReset: () => void;
}

type Open = 'filters' | 'search' | null;

/** The element of the filter groups beside the list (one list a page). */
const filtersId = 'list-filters';

/**
 * The filter groups beside the list hydrate only when they come into view (from 1100 px, at once)
 * or at the first interaction. Below 1100 px they are hidden (the filters button opens the sheet,
 * which renders its own), yet a list's hundred checkboxes, each with its hooks and listeners, were
 * the largest part of its hydration on a phone. Until then they are the server's HTML, which
 * React keeps; the code is the page's own, so nothing more is downloaded.
 */
const DeferredFilters = lazyNearScreen(filtersId, () =>
  Promise.resolve(function Filters({ children }: { children: ReactNode }) {
    return <>{children}</>;
  }),
);

/**
 * Search, filters, the live number of matches and a reset button. From 1100 px both panels are
 * always shown and a filter change applies at once. Below, the search is toggled by its button and
 * the filters button opens the filter sheet, a modal dialog; only one is open at a time. Without
 * JavaScript both are shown and the filters are a form with a submit button.
 */
export function ListToolbar({
  search,
  filters,
  kept = [],
  sheet,
  activeFilters,
  count,
  capped,
  narrowed,
  onReset,
}: ListToolbarProps) {
  const { t } = useTranslation('lists');
  const locale = useLocale();
  const id = useId();
  const [open, setOpen] = useState<Open>(null);
  const toggle = (panel: Exclude<Open, null>) => setOpen((current) => (current === panel ? null : panel));
  const searchId = `${id}-search`;
  return (
    <div className={styles.toolbar}>
      <div className={styles.bar}>
        {(search || sheet) && (
          <div className={styles.toggles}>
            {sheet && (
              <button
                type="button"
                className={styles.toggle}
                aria-haspopup="dialog"
                aria-expanded={open === 'filters'}
                onClick={() => setOpen('filters')}
              >
                <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
                  <path
                    d="M3 5h14M6 10h8M8.5 15h3"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
                {t('toolbar.filters')}
                {activeFilters > 0 && (
                  <span className={styles.badge}>
                    <span aria-hidden="true">{activeFilters}</span>
                    <span className="visually-hidden">{t('filters.selected', { count: activeFilters })}</span>
                  </span>
                )}
              </button>
            )}
            {search && (
              <button
                type="button"
                className={styles.toggle}
                aria-expanded={open === 'search'}
                aria-controls={searchId}
                onClick={() => toggle('search')}
              >
                <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
                  <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
                  <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
                {t('toolbar.search')}
              </button>
            )}
          </div>
        )}
        {search && (
          <div id={searchId} className={`${styles.searchPanel} ${open === 'search' ? styles.open : ''}`}>
            {search}
          </div>
        )}
        <div className={styles.summary}>
          <p className={styles.status} role="status">
            {count === undefined
              ? ''
              : t(capped ? 'toolbar.foundMore' : 'toolbar.found', {
                  count,
                  n: formatNumber(count, locale, 0),
                })}
          </p>
          {narrowed && (
            <button type="button" className={styles.reset} onClick={onReset}>
              {t('toolbar.reset')}
            </button>
          )}
        </div>
      </div>
      {filters && (
        // With JavaScript a change applies at once; without it the form is sent as the list's URL.
        <form method="get" className={styles.filtersPanel} onSubmit={(e) => e.preventDefault()}>
          <LangField />
          {kept.map(([name, value]) => (
            <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
          ))}
          <div id={filtersId}>
            <Suspense>
              <DeferredFilters>{filters}</DeferredFilters>
            </Suspense>
          </div>
          <div className={styles.formActions}>
            <button type="submit" className="button">
              {t('sheet.show')}
            </button>
          </div>
        </form>
      )}
      {sheet && (
        <Modal
          open={open === 'filters'}
          onClosed={() => setOpen(null)}
          title={t('toolbar.filters')}
          closeLabel={t('sheet.close')}
          variant="sheet"
          focus="button"
          testId="filter-sheet"
        >
          {sheet}
        </Modal>
      )}
    </div>
  );
}
