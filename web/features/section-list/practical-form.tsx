import type { PracticalFilter } from '../../../common/sections';
import { LangField, useNavigate } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { useHydrated } from '../../lib/use-hydrated';
import { PracticalFieldset } from './filter-panel';
import styles from './filters.module.css';
import { keptFields, type ListState, listSearch, type StateShape, togglePractical } from './list-state';

/**
 * The practical filters of a list that has no filter panel (a direction's tabs): a GET form of the
 * list's URL with a button without JavaScript; with it, a switch applies at once.
 */
export function PracticalForm({
  state,
  shape,
  params,
  offered,
}: {
  state: ListState;
  shape: StateShape;
  /** The URL's parameters: those the list does not own (the tab, the language) stay. */
  params: URLSearchParams;
  offered: readonly PracticalFilter[];
}) {
  const { t } = useTranslation('lists');
  const navigate = useNavigate();
  const hydrated = useHydrated();
  return (
    <form method="get" className={styles.practicalForm}>
      <LangField />
      {keptFields(state, shape, params).map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      <PracticalFieldset
        offered={offered}
        on={state.practical}
        optionsClass={styles.optionsRow}
        onToggle={(f) =>
          navigate(
            {
              search: listSearch(
                { ...state, practical: togglePractical(state.practical, f), page: 1 },
                shape,
                params,
              ),
            },
            { preventScrollReset: true },
          )
        }
      />
      {!hydrated && (
        <button type="submit" className="button">
          {t('sheet.show')}
        </button>
      )}
    </form>
  );
}
