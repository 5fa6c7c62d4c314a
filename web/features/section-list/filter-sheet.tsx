import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { PracticalFilter } from '../../../common/sections';
import { queries, type SectionSlug } from '../../api/queries';
import { formatNumber, useLocale } from '../../components/cards';
import { sheetParts } from '../../components/modal/modal';
import { useApi } from '../../lib/api-context';
import { useTranslation } from '../../lib/translation';
import { type ALL, type FilterGroup, selectionOf, toggleItem, withSelection } from './filter-model';
import { FilterPanel } from './filter-panel';
import styles from './filters.module.css';
import { type ListState, togglePractical } from './list-state';
import { listParams, sectionConfig } from './section-config';
import { useDebounced } from './use-debounced';

/** The pause after a change before the sheet asks how many results the choice has. */
export const COUNT_DEBOUNCE_MS = 300;

export interface FilterSheetProps {
  section: SectionSlug;
  /** The list as the URL has it: the sheet starts from its choice. */
  state: ListState;
  /** The section's filter groups (their items; which are active comes from the choice). */
  groups: readonly FilterGroup[];
  /** The practical filters the list offers (offeredPractical). */
  practical: readonly PracticalFilter[];
  /** "Show N results": the choice, to be put in the URL. */
  onApply: (next: ListState) => void;
}

/**
 * The content of the phone filter sheet. Choices are a draft until "Show N results": the sheet
 * asks the list endpoint for page 1 of the draft (the same query the list makes once it is
 * applied, so the cards come from the cache) and says how many results it has, keeping the last
 * number until the next one arrives.
 */
export function FilterSheet({ section, state, groups, practical, onApply }: FilterSheetProps) {
  const { t } = useTranslation('lists');
  const { api, lang } = useApi();
  const locale = useLocale();
  const [draft, setDraft] = useState<ListState>({ ...state, page: 1 });
  const settled = useDebounced(draft, COUNT_DEBOUNCE_MS);
  const { data, isError } = useQuery({
    ...queries.sectionPage(api, lang, section, listParams(section, settled)),
    placeholderData: keepPreviousData,
  });
  const shown = useMemo(() => withSelection(groups, draft.filters), [groups, draft.filters]);
  const toggle = (groupId: string, itemId: number | typeof ALL) =>
    setDraft((d) => ({
      ...d,
      filters: selectionOf(toggleItem(withSelection(groups, d.filters), groupId, itemId)),
    }));
  const count = isError ? undefined : data?.count;
  const n = count === undefined ? '' : formatNumber(count, locale, 0);
  const label =
    count === undefined
      ? t('sheet.show')
      : count === 0
        ? t('sheet.none')
        : t(data?.capped ? 'sheet.showMore' : 'sheet.showCount', { count, n });
  return (
    <>
      <div className={sheetParts.scroll}>
        <FilterPanel
          groups={shown}
          onToggle={toggle}
          practical={{
            offered: practical,
            on: draft.practical,
            onToggle: (f) => setDraft((d) => ({ ...d, practical: togglePractical(d.practical, f) })),
            openAt: sectionConfig[section].practical.includes('open_now')
              ? { value: draft.openAt, onChange: (openAt) => setDraft((d) => ({ ...d, openAt })) }
              : undefined,
          }}
          collapse
          {...(sectionConfig[section].dateRange
            ? {
                dates: { from: draft.dateFrom, to: draft.dateTo },
                onDates: (dates) => setDraft((d) => ({ ...d, dateFrom: dates.from, dateTo: dates.to })),
              }
            : {})}
        />
      </div>
      <div className={sheetParts.footer}>
        <p className={count === 0 ? styles.sheetNone : 'visually-hidden'} role="status">
          {count === undefined
            ? ''
            : count === 0
              ? t('sheet.noneHint')
              : t(data?.capped ? 'toolbar.foundMore' : 'toolbar.found', { count, n })}
        </p>
        <div className={styles.sheetActions}>
          <button
            type="button"
            className={styles.reset}
            onClick={() =>
              setDraft((d) => ({ ...d, filters: {}, practical: [], openAt: '', dateFrom: '', dateTo: '' }))
            }
          >
            {t('sheet.reset')}
          </button>
          <button type="button" className={`button ${styles.apply}`} onClick={() => onApply(draft)}>
            {label}
          </button>
        </div>
      </div>
    </>
  );
}
