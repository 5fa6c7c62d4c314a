import type { PracticalFilter } from '../../../common/sections';
import { formatDate, useLocale } from '../../components/cards/format';
import choiceStyles from '../../components/no-matches/no-matches.module.css';
import { type MapCounts, type MapSection, type MapState, mapSections } from '../../lib/map/map-data';
import { useTranslation } from '../../lib/translation';
import styles from './map.module.css';
import type { Option } from './map-panel';

/**
 * Nothing on the whole map (not only in view) under the visitor's filters, in the layers shown
 * (the counts are also those of the layers switched off: what switching one on would show).
 */
export const nothingMatches = (counts: MapCounts | null, layers: readonly MapSection[]) =>
  counts !== null && layers.every((s) => (counts[s] ?? 0) === 0);

/** The filters of the map as they were before any choice. */
export const noFilters: Pick<
  MapState,
  'layers' | 'districts' | 'tourism' | 'dateFrom' | 'dateTo' | 'practical' | 'openAt'
> = {
  layers: [...mapSections],
  districts: [],
  tourism: [],
  dateFrom: '',
  dateTo: '',
  practical: [],
  openAt: '',
};

function names(options: readonly Option[], ids: readonly number[]): string {
  const chosen = options.filter((o) => ids.includes(o.id)).map((o) => o.name);
  if (!chosen.length) return String(ids.length);
  return chosen.length > 2 ? `${chosen.slice(0, 2).join(', ')} +${chosen.length - 2}` : chosen.join(', ');
}

/**
 * Over the map when its filters leave no point anywhere (on phones the list is a closed sheet, so
 * the map itself says it): each choice as a button that takes it back, and one that clears them all.
 */
export function MapNoMatches({
  state,
  update,
  districts,
  tourismTypes,
}: {
  state: MapState;
  update: (patch: Partial<MapState>) => void;
  districts: readonly Option[];
  tourismTypes: readonly Option[];
}) {
  const { t } = useTranslation(['map', 'lists']);
  const locale = useLocale();
  const choices: { key: string; label: string; undo: Partial<MapState> }[] = [];
  for (const f of state.practical)
    choices.push({
      key: f,
      label: t(`practical.${f}`),
      undo: { practical: state.practical.filter((x): x is PracticalFilter => x !== f) },
    });
  if (state.openAt)
    choices.push({
      key: 'open_at',
      label: t('lists:filters.openAtChoice', {
        when: `${formatDate(state.openAt.slice(0, 10), locale)}${state.openAt.slice(10).replace('T', ', ')}`,
      }),
      undo: { openAt: '' },
    });
  if (state.districts.length)
    choices.push({
      key: 'districts',
      label: `${t('filters.district')}: ${names(districts, state.districts)}`,
      undo: { districts: [] },
    });
  if (state.tourism.length)
    choices.push({
      key: 'tourism',
      label: `${t('filters.tourism')}: ${names(tourismTypes, state.tourism)}`,
      undo: { tourism: [] },
    });
  if (state.dateFrom || state.dateTo)
    choices.push({
      key: 'dates',
      label: `${t('filters.dates')}: ${[state.dateFrom, state.dateTo].map((d) => (d ? formatDate(d, locale) : '…')).join(' – ')}`,
      undo: { dateFrom: '', dateTo: '' },
    });
  if (state.layers.length < mapSections.length)
    choices.push({ key: 'layers', label: t('noMatches.allLayers'), undo: { layers: [...mapSections] } });
  return (
    <div className={styles.noMatches} role="status">
      <p className={styles.noMatchesText}>{t('noMatches.text')}</p>
      {choices.length > 0 && (
        <ul className={choiceStyles.choices} aria-label={t('lists:noMatchesRemove')}>
          {choices.map((c) => (
            <li key={c.key}>
              <button type="button" className={choiceStyles.choice} onClick={() => update(c.undo)}>
                {c.key !== 'layers' && <span className="visually-hidden">{t('lists:filters.remove')} </span>}
                {c.label}
                {c.key !== 'layers' && (
                  <span className={choiceStyles.cross} aria-hidden="true">
                    ×
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {choices.length > 1 && (
        <button type="button" className={`button ${styles.noMatchesClear}`} onClick={() => update(noFilters)}>
          {t('filters.reset')}
        </button>
      )}
    </div>
  );
}
