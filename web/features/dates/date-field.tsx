import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useApi } from '../../lib/api-context';
import { useTranslation } from '../../lib/translation';
import { useHydrated } from '../../lib/use-hydrated';
import { useLocale } from '../cards/format';
import styles from './date-field.module.css';

// The calendar (react-day-picker and its locales) is loaded when a visitor first opens it: the list
// page's own scripts do not carry it.
const DateCalendar = lazy(() => import('./date-calendar'));

export interface DateFieldProps {
  /** The list URL's parameter (`date_from`, `date_to`): the form sends the date under it. */
  name: string;
  label: string;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  min?: string;
  max?: string;
  /** What the field says when no date is chosen ("Any date" when not given). */
  emptyText?: string;
  onChange: (value: string) => void;
}

/** A YYYY-MM-DD date written out in a locale ("27 ноября 2026 г.", "27 November 2026"). */
export function longDate(value: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${value}T00:00:00Z`));
}

/**
 * One date of a range. In the server's HTML (and without JavaScript) it is the browser's own date
 * input, which submits the list's form. Once the app runs it is a button that names the date in the
 * page's language (a browser's date input follows the browser's locale, not the page's: it showed
 * mm/dd/yyyy in the Russian interface) and opens a calendar below it, in the page's language, used
 * with the arrow keys; Escape closes it and gives the focus back to the button.
 */
export function DateField({ name, label, value, min, max, emptyText, onChange }: DateFieldProps) {
  const { t } = useTranslation('lists');
  const { lang } = useApi();
  const locale = useLocale();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  if (!hydrated) {
    return (
      <label className={styles.field}>
        <span>{label}</span>
        <input
          type="date"
          name={name}
          className={styles.input}
          value={value}
          min={min}
          max={max}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    );
  }
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className={styles.field} data-date-field={name}>
      <span id={`${id}-label`}>{label}</span>
      <input type="hidden" name={name} value={value} />
      <div className={styles.row}>
        <button
          ref={button}
          type="button"
          className={styles.input}
          aria-labelledby={`${id}-label ${id}-value`}
          aria-expanded={open}
          aria-controls={`${id}-calendar`}
          onClick={() => setOpen(!open)}
          data-open-calendar=""
        >
          <span id={`${id}-value`}>
            {value ? longDate(value, locale) : (emptyText ?? t('filters.anyDate'))}
          </span>
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" className={styles.icon}>
            <path
              fill="currentColor"
              d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 6v2h14V6H5Z"
            />
          </svg>
        </button>
        {value && (
          <button
            type="button"
            className={styles.clear}
            aria-label={t('filters.clearDate', { label })}
            onClick={() => {
              onChange('');
              button.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      {open && (
        <div id={`${id}-calendar`}>
          <Suspense fallback={<p className={styles.loading}>{t('filters.calendarLoading')}</p>}>
            <DateCalendar
              lang={lang}
              value={value}
              min={min}
              max={max}
              onPick={(picked) => {
                onChange(picked);
                close();
              }}
              onClose={close}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
