import { formatDate, formatNumber, useLocale } from '../../components/cards/format';
import { OpenAtField } from '../../components/dates/open-at-field';
import {
  type MapCounts,
  type MapItem,
  type MapListItem,
  type MapState,
  mapSections,
  sectionColour,
} from '../../lib/map/map-data';
import { useTranslation } from '../../lib/translation';
import styles from './map.module.css';
import { MapDates } from './map-dates';
import { noFilters } from './map-no-matches';

export interface Option {
  id: number;
  name: string;
}

function CheckList({
  legend,
  options,
  chosen,
  onChange,
}: {
  legend: string;
  options: Option[];
  chosen: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('map');
  const set = new Set(chosen);
  return (
    <details className={styles.group} open={chosen.length > 0 || undefined}>
      <summary>
        {legend}
        <span className={styles.groupState}>
          {chosen.length ? t('filters.selected', { count: chosen.length }) : t('filters.any')}
        </span>
      </summary>
      <fieldset className={styles.checks}>
        <legend className="visually-hidden">{legend}</legend>
        {options.map((o) => (
          <label key={o.id} className={styles.check}>
            <input
              type="checkbox"
              checked={set.has(o.id)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? [...chosen, o.id].sort((a, b) => a - b)
                    : chosen.filter((x) => x !== o.id),
                )
              }
            />
            {o.name}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/** Layers, filters and the list of the places in view (the map's text alternative). */
export function MapPanel({
  id,
  state,
  update,
  counts,
  districts,
  tourismTypes,
  visible,
  inView,
  near,
  selected,
  onPick,
  openAtOffered = false,
}: {
  id: string;
  state: MapState;
  update: (patch: Partial<MapState>) => void;
  counts: MapCounts | null;
  districts: Option[];
  tourismTypes: Option[];
  /** The first items in view, in the order of the list. */
  visible: MapListItem[];
  inView: number;
  near: boolean;
  selected: string | null;
  onPick: (item: MapItem) => void;
  /** "Open on a day" is offered: some place of the layers shown has "open now" to offer. */
  openAtOffered?: boolean;
}) {
  const { t } = useTranslation(['map', 'translation', 'lists']);
  const locale = useLocale();
  const layers = new Set(state.layers);
  const filtered =
    state.districts.length > 0 ||
    state.tourism.length > 0 ||
    state.practical.length > 0 ||
    Boolean(state.dateFrom || state.dateTo || state.openAt) ||
    layers.size < mapSections.length;
  const districtName = new Map(districts.map((d) => [d.id, d.name]));
  return (
    <div id={id} className={styles.panelBody}>
      <fieldset className={styles.layers}>
        <legend className={styles.panelHeading}>{t('layers')}</legend>
        {mapSections.map((s) => (
          <label key={s} className={styles.check}>
            <input
              type="checkbox"
              name="layer"
              value={s}
              checked={layers.has(s)}
              onChange={(e) =>
                update({
                  layers: e.target.checked ? [...state.layers, s] : state.layers.filter((x) => x !== s),
                })
              }
            />
            <span className={styles.dot} style={{ background: sectionColour[s] }} aria-hidden="true" />
            <span className={styles.layerName}>{t(`translation:sections.${s}`)}</span>
            <span className={styles.count}>{counts?.[s] ?? ''}</span>
          </label>
        ))}
      </fieldset>
      <CheckList
        legend={t('filters.district')}
        options={districts}
        chosen={state.districts}
        onChange={(ids) => update({ districts: ids })}
      />
      <CheckList
        legend={t('filters.tourism')}
        options={tourismTypes}
        chosen={state.tourism}
        onChange={(ids) => update({ tourism: ids })}
      />
      <MapDates dateFrom={state.dateFrom} dateTo={state.dateTo} update={update} />
      {(openAtOffered || state.openAt) && (
        <details className={styles.group} open={Boolean(state.openAt) || undefined} data-open-at-group="">
          <summary>
            {t('lists:filters.openAt')}
            <span className={styles.groupState}>
              {state.openAt
                ? `${formatDate(state.openAt.slice(0, 10), locale)}${state.openAt.slice(10).replace('T', ', ')}`
                : t('filters.any')}
            </span>
          </summary>
          <OpenAtField value={state.openAt} onChange={(openAt) => update({ openAt })} />
        </details>
      )}
      {filtered ? (
        <button type="button" className={styles.linkButton} onClick={() => update(noFilters)}>
          {t('filters.reset')}
        </button>
      ) : null}
      <section className={styles.list} aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className={styles.panelHeading}>
          {near ? t('list.nearest') : t('list.title')} <span className={styles.count}>{inView}</span>
        </h2>
        {visible.length ? (
          <ul className={styles.places}>
            {visible.map((item) => (
              <li key={item.key}>
                <button
                  type="button"
                  className={styles.place}
                  aria-current={item.key === selected ? 'true' : undefined}
                  data-key={item.key}
                  onClick={() => onPick(item)}
                >
                  <span
                    className={styles.dot}
                    style={{ background: sectionColour[item.section] }}
                    aria-hidden="true"
                  />
                  <span className={styles.placeText}>
                    <span className={styles.placeName}>{item.name}</span>
                    <small>
                      {[t(`translation:sections.${item.section}`), districtName.get(item.district)]
                        .filter(Boolean)
                        .join(' · ')}
                      {item.distance !== null
                        ? ` · ${t('card.distance', { km: formatNumber(item.distance, locale) })}`
                        : ''}
                    </small>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.note}>{t('list.empty')}</p>
        )}
        {inView > visible.length ? (
          <p className={styles.note}>{t('list.more', { count: inView - visible.length })}</p>
        ) : null}
      </section>
    </div>
  );
}
