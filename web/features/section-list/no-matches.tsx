import { useId } from 'react';
import { formatDate, useLocale } from '../../components/cards';
import styles from '../../components/no-matches/no-matches.module.css';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import type { FilterGroup } from './filter-model';
import { type ListState, listSearch, type StateShape } from './list-state';

/** One choice of the visitor's, and the list without it. */
interface Choice {
  key: string;
  label: string;
  without: ListState;
}

/** A day, or a day and time, of `open_at` as words: "сб, 5 декабря, 11:00". */
function formatMoment(openAt: string, locale: string): string {
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${openAt.slice(0, 10)}T00:00:00Z`));
  return openAt.length > 10 ? `${day}, ${openAt.slice(11)}` : day;
}

/** A group's choice as words: its label and the first names chosen ("District: Vyborgsky +2"). */
function groupLabel(label: string, names: readonly string[], count: number): string {
  if (!names.length) return `${label}: ${count}`;
  const shown = names.slice(0, 2).join(', ');
  return names.length > 2 ? `${label}: ${shown} +${names.length - 2}` : `${label}: ${shown}`;
}

/**
 * What a list says when the visitor's choice finds nothing: each choice (the search words, each
 * practical filter, each filter group, the dates) as a link to the list without it, and one that
 * clears them all. Links to the list's own URLs: they work without JavaScript.
 */
export function NoMatches({
  state,
  shape,
  params,
  groups = [],
}: {
  state: ListState;
  shape: StateShape;
  /** The URL's parameters: those the list does not own (the tab, the language) stay. */
  params: URLSearchParams;
  groups?: readonly FilterGroup[];
}) {
  const { t } = useTranslation('lists');
  const locale = useLocale();
  const leadId = useId();
  const choices: Choice[] = [];
  if (state.search)
    choices.push({ key: 'search', label: `«${state.search}»`, without: { ...state, search: '' } });
  for (const f of state.practical)
    choices.push({
      key: f,
      label: t(`filters.${f}`),
      without: { ...state, practical: state.practical.filter((x) => x !== f) },
    });
  if (state.openAt)
    choices.push({
      key: 'open_at',
      label: t('filters.openAtChoice', { when: formatMoment(state.openAt, locale) }),
      without: { ...state, openAt: '' },
    });
  for (const group of groups) {
    const ids = state.filters[group.id] ?? [];
    if (!ids.length) continue;
    const names = group.data.filter((item) => ids.includes(item.id)).map((item) => item.label);
    choices.push({
      key: group.id,
      label: groupLabel(t(`filters.${group.label}`), names, ids.length),
      without: { ...state, filters: { ...state.filters, [group.id]: [] } },
    });
  }
  if (state.dateFrom || state.dateTo)
    choices.push({
      key: 'dates',
      label: `${t('filters.dates')}: ${[state.dateFrom, state.dateTo].map((d) => (d ? formatDate(d, locale) : '…')).join(' – ')}`,
      without: { ...state, dateFrom: '', dateTo: '' },
    });
  const to = (next: ListState) => ({ search: listSearch({ ...next, page: 1 }, shape, params) });
  // The archive of past events is where the list is, not a filter: clearing keeps it.
  const cleared: ListState = {
    ...state,
    filters: {},
    practical: [],
    openAt: '',
    search: '',
    dateFrom: '',
    dateTo: '',
  };
  return (
    <div className={styles.box}>
      <p className={styles.text}>{t('noMatches')}</p>
      {choices.length > 0 && (
        <>
          <p className={styles.lead} id={leadId}>
            {t('noMatchesRemove')}
          </p>
          <ul className={styles.choices} aria-labelledby={leadId}>
            {choices.map((c) => (
              <li key={c.key}>
                <Link className={styles.choice} to={to(c.without)} preventScrollReset>
                  <span className="visually-hidden">{t('filters.remove')} </span>
                  {c.label}
                  <span className={styles.cross} aria-hidden="true">
                    ×
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {choices.length > 1 && (
        <p className={styles.actions}>
          <Link className="button" to={to(cleared)} preventScrollReset>
            {t('toolbar.reset')}
          </Link>
        </p>
      )}
    </div>
  );
}
