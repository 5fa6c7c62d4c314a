import { lazy, Suspense, useId, useRef, useState } from 'react';
import { regionToday } from '../../../common/date-presets';
import { useApi } from '../../lib/api-context';
import { useTranslation } from '../../lib/translation';
import { useHydrated } from '../../lib/use-hydrated';
import { useLocale } from '../cards/format';
import styles from './date-field.module.css';
import { readTypedDate, typedDate } from './typed-date';

// The calendar (react-day-picker and its locales) is loaded when a visitor first opens it: the list
// page's own scripts do not carry it.
const DateCalendar = lazy(() => import('./date-calendar'));

export interface DateFieldProps {
  /** The list URL's parameter (`date_from`, `date_to`): the form sends the date under it. */
  name: string;
  label: string;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  /** What the empty field says ("Any date" when not given). */
  emptyText?: string;
  onChange: (value: string) => void;
}

/**
 * One date of a range. In the server's HTML (and without JavaScript) it is the browser's own date
 * input, which submits the list's form. Once the app runs it is a text field where the date is
 * typed in the page's language (31.12.2026, 31/12/2026, 2026/12/31: a browser's date input follows
 * the browser's locale, not the page's) and read when the field is left or Enter is pressed, with
 * a button that opens a calendar below it, in the page's language, used with the arrow keys; Escape
 * closes it and gives the focus back to the button. What cannot be read, or is outside min/max,
 * is said under the field, which keeps the text to correct; the date stays as it was.
 */
export function DateField({ name, label, value, min, max, emptyText, onChange }: DateFieldProps) {
  const { t } = useTranslation('lists');
  const { lang } = useApi();
  const locale = useLocale();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // What the visitor typed over the date `for` (the field shows the date itself otherwise).
  const [typed, setTyped] = useState<{ for: string; text: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  if (!hydrated) {
    return (
      <label className={styles.field}>
        <span>{label}</span>
        <input
          type="date"
          name={name}
          className={styles.native}
          value={value}
          min={min}
          max={max}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    );
  }
  const example = typedDate(`${regionToday().slice(0, 4)}-12-31`, locale);
  const text = typed && typed.for === value ? typed.text : value ? typedDate(value, locale) : '';
  const apply = (next: string) => {
    setTyped(null);
    setProblem(null);
    if (next !== value) onChange(next);
  };
  // The typed text, read: applied when it is a date the field takes, else said what is wrong.
  const read = () => {
    if (!typed || typed.for !== value) return;
    const date = readTypedDate(typed.text, locale);
    if (date === null) setProblem(t('filters.dateUnreadable', { example }));
    else if (date && min && date < min)
      setProblem(t('filters.dateTooEarly', { date: typedDate(min, locale) }));
    else if (date && max && date > max)
      setProblem(t('filters.dateTooLate', { date: typedDate(max, locale) }));
    else apply(date);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  // A problem is said while the text it is about is there (a date picked since replaces both).
  const said = typed && typed.for === value ? problem : null;
  const described = [`${id}-hint`, ...(said ? [`${id}-problem`] : [])].join(' ');
  return (
    <div className={styles.field} data-date-field={name}>
      <label htmlFor={`${id}-input`}>{label}</label>
      <span id={`${id}-hint`} className={styles.hint}>
        {t('filters.dateHint', { example })}
      </span>
      <input type="hidden" name={name} value={value} />
      <div className={styles.row}>
        <input
          id={`${id}-input`}
          type="text"
          className={styles.input}
          value={text}
          placeholder={emptyText ?? t('filters.anyDate')}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={described}
          aria-invalid={said ? true : undefined}
          onChange={(e) => {
            setTyped({ for: value, text: e.target.value });
            setProblem(null);
          }}
          onBlur={read}
          onKeyDown={(e) => {
            // Enter reads the date here instead of submitting the list's form.
            if (e.key !== 'Enter') return;
            e.preventDefault();
            read();
          }}
          data-date-input=""
        />
        <button
          ref={button}
          type="button"
          className={styles.iconButton}
          aria-label={t('filters.openCalendar', { label })}
          aria-expanded={open}
          aria-controls={`${id}-calendar`}
          onClick={() => setOpen(!open)}
          data-open-calendar=""
        >
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
            className={styles.iconButton}
            aria-label={t('filters.clearDate', { label })}
            onClick={() => {
              apply('');
              button.current?.focus();
            }}
          >
            <span aria-hidden="true" className={styles.cross}>
              ×
            </span>
          </button>
        )}
      </div>
      {said && (
        <p id={`${id}-problem`} className={styles.problem} role="alert" data-date-problem="">
          {said}
        </p>
      )}
      {open && (
        <div id={`${id}-calendar`}>
          <Suspense fallback={<p className={styles.loading}>{t('filters.calendarLoading')}</p>}>
            <DateCalendar
              lang={lang}
              value={value}
              min={min}
              max={max}
              onPick={(picked) => {
                apply(picked);
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
