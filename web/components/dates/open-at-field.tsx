import { useId } from 'react';
import { addDays, regionToday } from '../../../common/date-presets';
import { useTranslation } from '../../lib/translation';
import { DateField } from './date-field';
import styles from './open-at.module.css';

/** The times offered: every half hour of the day, on the region's 24-hour clock. */
const times = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

/** How far ahead a visitor may ask: a year, as the schedules repeat. */
const AHEAD_DAYS = 366;

/**
 * "Open on a day", beside "open now": the site's date field (typed in the page's language, a
 * calendar, the browser's date input without JavaScript) and a time, any or one of the day's half
 * hours, on the region's clock. Without JavaScript they are `open_date` and `open_time` of the
 * list's GET form, which the list's address joins into `?open_at=` (web/features/section-list/list-state.ts,
 * `entryRedirect`); with it a change applies at once as `open_at`. A time without a day is today's.
 */
export function OpenAtField({ value, onChange }: { value: string; onChange: (openAt: string) => void }) {
  const { t } = useTranslation('lists');
  const id = useId();
  const today = regionToday();
  const date = value.slice(0, 10);
  const time = value.slice(11, 16);
  const join = (day: string, at: string) => (day ? (at ? `${day}T${at}` : day) : '');
  return (
    <fieldset className={styles.box} data-group="open_at">
      <legend className={styles.legend}>{t('filters.openAt')}</legend>
      <p className={styles.hint} id={`${id}-zone`}>
        {t('filters.openAtHint')}
      </p>
      <DateField
        name="open_date"
        label={t('filters.openDay')}
        value={date}
        min={today}
        max={addDays(today, AHEAD_DAYS)}
        onChange={(day) => onChange(join(day, time))}
      />
      <label className={styles.time}>
        <span>{t('filters.openTime')}</span>
        <select
          name="open_time"
          value={time}
          aria-describedby={`${id}-zone`}
          onChange={(e) => onChange(join(date || today, e.target.value))}
        >
          <option value="">{t('filters.anyTime')}</option>
          {times.map((at) => (
            <option key={at} value={at}>
              {at}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
