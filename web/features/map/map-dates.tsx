import { datePresets, presetOf, presetRange, regionToday } from '../../../common/date-presets';
import { DateRangeFields } from '../../components/dates/date-range-fields';
import { DateRangeNote } from '../../components/dates/date-range-note';
import type { MapState } from '../../lib/map/map-data';
import { useTranslation } from '../../lib/translation';
import styles from './map.module.css';

interface MapDatesProps {
  dateFrom: string;
  dateTo: string;
  update: (patch: Partial<MapState>) => void;
}

/**
 * The events layer's dates: the events list's quick dates (buttons, pressed when the range is
 * theirs; "this weekend" is the region's) and a custom range. Places and routes have no dates and
 * stay on the map; the URL keeps the choice as the events list's `date_from` and `date_to`.
 */
export function MapDates({ dateFrom, dateTo, update }: MapDatesProps) {
  const { t } = useTranslation(['map', 'lists']);
  const today = regionToday();
  const current = dateFrom && dateTo ? presetOf({ from: dateFrom, to: dateTo }, today) : null;
  const chosen = Boolean(dateFrom || dateTo);
  return (
    <>
      <DateRangeNote />
      <details className={styles.group} open={chosen || undefined}>
        <summary>
          {t('filters.dates')}
          <span className={styles.groupState}>
            {current
              ? t(`lists:datePresets.${current}`)
              : chosen
                ? t('filters.datesChosen')
                : t('filters.any')}
          </span>
        </summary>
        <fieldset className={styles.dates}>
          <legend className="visually-hidden">{t('filters.dates')}</legend>
          <div className={styles.presets}>
            {datePresets.map((preset) => {
              // Pressed when the range is its own: on a Sunday "today" and "this weekend" both are.
              const range = presetRange(preset, today);
              const pressed = range.from === dateFrom && range.to === dateTo;
              return (
                <button
                  key={preset}
                  type="button"
                  className={styles.preset}
                  aria-pressed={pressed}
                  data-preset={preset}
                  onClick={() =>
                    update(
                      pressed ? { dateFrom: '', dateTo: '' } : { dateFrom: range.from, dateTo: range.to },
                    )
                  }
                >
                  {t(`lists:datePresets.${preset}`)}
                </button>
              );
            })}
          </div>
          <DateRangeFields
            from={dateFrom}
            to={dateTo}
            onChange={(range) => update({ dateFrom: range.from, dateTo: range.to })}
          />
        </fieldset>
      </details>
    </>
  );
}
