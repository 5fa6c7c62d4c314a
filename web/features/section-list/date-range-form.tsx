import { LangField, useNavigate } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { useHydrated } from '../../lib/use-hydrated';
import { DateRangeFields } from '../dates/date-range-fields';
import { DatePresets } from './date-presets';
import styles from './date-range-form.module.css';
import { keptFields, type ListState, listSearch, type StateShape } from './list-state';

/** A list that has only a date range (a district's events tab): no filter groups, no search box. */
export const datesOnly: StateShape = { groups: [], practical: [], search: false, dateRange: true };

interface DateRangeFormProps {
  state: ListState;
  /** The URL's parameters: those the dates do not own (the tab, the language) stay. */
  params: URLSearchParams;
}

/**
 * The quick dates and a custom range of their own, for an events list that has no filter panel.
 * Without JavaScript the two dates are the browser's date inputs of a GET form with a button; with
 * it, a picked date applies at once and the URL keeps the choice.
 */
export function DateRangeForm({ state, params }: DateRangeFormProps) {
  const { t } = useTranslation('lists');
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const apply = (dateFrom: string, dateTo: string) =>
    navigate(
      { search: listSearch({ ...state, dateFrom, dateTo, past: false, page: 1 }, datesOnly, params) },
      { preventScrollReset: true },
    );
  return (
    <div className={styles.box}>
      <DatePresets state={state} shape={datesOnly} params={params} />
      <form method="get" className={styles.form} aria-label={t('filters.dates')}>
        <LangField />
        {keptFields(state, datesOnly, params)
          .filter(([key]) => key !== 'past')
          .map(([key, value]) => (
            <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
          ))}
        <DateRangeFields
          from={state.dateFrom}
          to={state.dateTo}
          onChange={(range) => apply(range.from, range.to)}
        />
        {!hydrated && (
          <button type="submit" className="button button--gold">
            {t('filters.showDates')}
          </button>
        )}
      </form>
    </div>
  );
}
