import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL, activeIds, allActive, type FilterGroup } from './filter-model';
import styles from './filters.module.css';

export interface DateRange {
  from: string;
  to: string;
}

export interface FilterPanelProps {
  groups: readonly FilterGroup[];
  /** A checkbox was toggled: an item, or the group's "all". */
  onToggle: (groupId: string, itemId: number | typeof ALL) => void;
  /** Events: the date range, and what to do when it changes. */
  dates?: DateRange;
  onDates?: (dates: DateRange) => void;
  /** Today (YYYY-MM-DD), the earliest date offered. */
  today?: string;
}

/** The "all" checkbox: checked when every item is, mixed when some are. */
function AllCheckbox({ group, onToggle }: { group: FilterGroup; onToggle: () => void }) {
  const { t } = useTranslation('lists');
  const ref = useRef<HTMLInputElement>(null);
  const some = activeIds(group).length;
  const all = allActive(group);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some > 0 && !all;
  }, [some, all]);
  return (
    <label className={`${styles.option} ${styles.allOption}`}>
      <input ref={ref} type="checkbox" checked={all} onChange={onToggle} />
      <span>{t(`filters.${group.allText}`)}</span>
    </label>
  );
}

/**
 * The filter groups of a list as fieldsets of checkboxes (keyboard: Tab between them, Space to
 * toggle); each change applies at once. The events list adds a date range.
 */
export function FilterPanel({ groups, onToggle, dates, onDates, today }: FilterPanelProps) {
  const { t } = useTranslation('lists');
  return (
    <div className={styles.panel}>
      {dates && onDates && (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('filters.dates')}</legend>
          <div className={styles.dates}>
            <label className={styles.dateField}>
              <span>{t('filters.dateFrom')}</span>
              <input
                type="date"
                className={styles.dateInput}
                value={dates.from}
                min={today}
                max={dates.to || undefined}
                onChange={(e) => onDates({ ...dates, from: e.target.value })}
              />
            </label>
            <label className={styles.dateField}>
              <span>{t('filters.dateTo')}</span>
              <input
                type="date"
                className={styles.dateInput}
                value={dates.to}
                min={dates.from || today}
                onChange={(e) => onDates({ ...dates, to: e.target.value })}
              />
            </label>
          </div>
        </fieldset>
      )}
      {groups.map((group) => {
        const count = activeIds(group).length;
        return (
          <fieldset key={group.id} className={styles.group} data-group={group.id}>
            <legend className={styles.legend}>
              {t(`filters.${group.label}`)}
              {count > 0 && (
                <span className={styles.badge}>
                  <span aria-hidden="true">{count}</span>
                  <span className="visually-hidden">{t('filters.selected', { count })}</span>
                </span>
              )}
            </legend>
            <div className={styles.options}>
              <AllCheckbox group={group} onToggle={() => onToggle(group.id, ALL)} />
              {group.data.map((item) => (
                <label key={item.id} className={styles.option}>
                  <input
                    type="checkbox"
                    name={group.id}
                    value={item.id}
                    checked={item.active}
                    onChange={() => onToggle(group.id, item.id)}
                  />
                  <span>{item.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
