import { useEffect, useId, useRef, useState } from 'react';
import type { PracticalFilter } from '../../../common/sections';
import { DateRangeFields } from '../../components/dates/date-range-fields';
import { OpenAtField } from '../../components/dates/open-at-field';
import { useTranslation } from '../../lib/translation';
import { ALL, activeIds, allActive, type FilterGroup, matchingItems, previewItems } from './filter-model';
import styles from './filters.module.css';
import { groupKey } from './list-state';

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
  /** The practical filters offered (free, open now, step-free), those on, and what a switch does. */
  practical?: {
    offered: readonly PracticalFilter[];
    on: readonly PracticalFilter[];
    onToggle: (filter: PracticalFilter) => void;
    /** Beside "open now", where it is offered: the day or moment asked (`open_at`), and its change. */
    openAt?: { value: string; onChange: (openAt: string) => void } | undefined;
  };
  /** Today (YYYY-MM-DD), the earliest date offered. */
  today?: string;
  /**
   * The phone sheet: groups are laid out one under another in the sheet's own scroll (no box
   * scrolling inside it), and a long group shows a few items until "show all" opens it with a
   * search field.
   */
  collapse?: boolean;
}

/**
 * The practical filters as yes/no switches: `?open_now=true` is the list URL's own, so the form
 * they are in works without JavaScript.
 */
export function PracticalFieldset({
  offered,
  on,
  onToggle,
  openAt,
  optionsClass = styles.options,
}: NonNullable<FilterPanelProps['practical']> & { optionsClass?: string | undefined }) {
  const { t } = useTranslation('lists');
  return (
    <fieldset className={styles.group} data-group="practical">
      <legend className={styles.legend}>{t('filters.practical')}</legend>
      <div className={optionsClass}>
        {offered.map((f) => (
          <label key={f} className={styles.option}>
            <input
              type="checkbox"
              name={f}
              value="true"
              checked={on.includes(f)}
              onChange={() => onToggle(f)}
            />
            <span>{t(`filters.${f}`)}</span>
          </label>
        ))}
      </div>
      {openAt && (offered.includes('open_now') || openAt.value) && <OpenAtField {...openAt} />}
    </fieldset>
  );
}

/** A group with more items than this is collapsed in the sheet... */
export const LONG_GROUP = 10;
/** ...to this many (plus the selected ones). */
const PREVIEW = 6;

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
 * The checkboxes of one group. The names and values are the list URL's (`district__in=3`,
 * `way_to_travel=1`), so the server-rendered form filters without JavaScript.
 */
function GroupOptions({
  group,
  onToggle,
  collapse,
}: {
  group: FilterGroup;
  onToggle: FilterPanelProps['onToggle'];
  collapse: boolean;
}) {
  const { t } = useTranslation('lists');
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const [query, setQuery] = useState('');
  const find = useRef<HTMLInputElement>(null);
  const long = collapse && group.data.length > LONG_GROUP;
  const items = !long
    ? group.data
    : expanded
      ? matchingItems(group.data, query)
      : previewItems(group.data, PREVIEW);
  const label = t(`filters.${group.label}`);
  // "Show all" brings the group's search field, which is where the keyboard goes next.
  useEffect(() => {
    if (expanded) find.current?.focus();
  }, [expanded]);
  return (
    <div id={`${id}-options`} className={collapse ? styles.sheetOptions : styles.options}>
      {long && expanded && (
        <input
          ref={find}
          type="search"
          className={styles.find}
          aria-label={t('filters.find', { group: label })}
          placeholder={t('filters.findPlaceholder')}
          autoComplete="off"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      <AllCheckbox group={group} onToggle={() => onToggle(group.id, ALL)} />
      {items.map((item) => (
        <label key={item.id} className={styles.option}>
          <input
            type="checkbox"
            name={groupKey(group.id)}
            value={item.id}
            checked={item.active}
            onChange={() => onToggle(group.id, item.id)}
          />
          <span>{item.label}</span>
        </label>
      ))}
      {long && expanded && items.length === 0 && <p className={styles.findNone}>{t('filters.findNone')}</p>}
      {long && (
        <button
          type="button"
          className={`${styles.reset} ${styles.more}`}
          aria-expanded={expanded}
          aria-controls={`${id}-options`}
          onClick={() => {
            setExpanded(!expanded);
            setQuery('');
          }}
        >
          {expanded ? t('filters.showFewer') : t('filters.showAll', { count: group.data.length })}
        </button>
      )}
    </div>
  );
}

/**
 * The filter groups of a list as fieldsets of checkboxes (keyboard: Tab between them, Space to
 * toggle). The events list adds a date range.
 */
export function FilterPanel({
  groups,
  onToggle,
  practical,
  dates,
  onDates,
  today,
  collapse = false,
}: FilterPanelProps) {
  const { t } = useTranslation('lists');
  return (
    <div className={collapse ? styles.sheetPanel : styles.panel}>
      {practical && (practical.offered.length > 0 || practical.openAt?.value) && (
        <PracticalFieldset {...practical} optionsClass={collapse ? styles.sheetOptions : styles.options} />
      )}
      {dates && onDates && (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('filters.dates')}</legend>
          <div className={styles.dates}>
            <DateRangeFields from={dates.from} to={dates.to} floor={today} onChange={onDates} />
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
            <GroupOptions group={group} onToggle={onToggle} collapse={collapse} />
          </fieldset>
        );
      })}
    </div>
  );
}
