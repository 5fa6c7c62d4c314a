import { datePresets, presetRange, regionToday } from '../../../common/date-presets';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { DateRangeNote } from '../dates/date-range-note';
import styles from './date-presets.module.css';
import { type ListState, listSearch, type StateShape } from './list-state';

interface DatePresetsProps {
  state: ListState;
  shape: StateShape;
  /** The URL's parameters: those the list does not own (such as `lng`) are kept in the links. */
  params: URLSearchParams;
}

/**
 * The events list's quick dates ("today", "this weekend", ...) and the way to the archive of past
 * events. They are plain links with the dates in their URL, so they work without JavaScript and a
 * chosen range can be shared; a preset shows as selected when the URL's dates are its dates. The
 * dates are the region's (Europe/Moscow), the same on the server and in the browser.
 */
export function DatePresets({ state, shape, params }: DatePresetsProps) {
  const { t } = useTranslation('lists');
  const today = regionToday();
  const href = (next: Partial<ListState>) => ({
    search: listSearch({ ...state, page: 1, ...next }, shape, params),
  });
  return (
    <>
      <nav className={styles.presets} aria-label={t('datePresets.label')}>
        <ul className={styles.list}>
          {datePresets.map((preset) => {
            const { from, to } = presetRange(preset, today);
            const current = !state.past && state.dateFrom === from && state.dateTo === to;
            return (
              <li key={preset}>
                <Link
                  className={styles.preset}
                  to={href({ dateFrom: from, dateTo: to, past: false })}
                  aria-current={current ? 'true' : undefined}
                  preventScrollReset
                  data-preset={preset}
                >
                  {t(`datePresets.${preset}`)}
                </Link>
              </li>
            );
          })}
        </ul>
        <Link
          className={styles.archive}
          to={href(state.past ? { past: false } : { past: true, dateFrom: '', dateTo: '' })}
          preventScrollReset
        >
          {state.past ? t('datePresets.upcoming') : t('datePresets.past')}
        </Link>
      </nav>
      <DateRangeNote />
    </>
  );
}
