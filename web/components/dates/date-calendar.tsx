import 'react-day-picker/style.css';
import { useEffect, useRef } from 'react';
import { DayPicker } from 'react-day-picker';
import { enGB, ru, zhCN } from 'react-day-picker/locale';
import { regionToday } from '../../../common/date-presets';
import type { Lang } from '../../../common/languages';
import styles from './date-calendar.module.css';

// The calendar of a date field: react-day-picker, whose locales carry the month and weekday names
// and its buttons' and days' spoken labels in each language. Weeks start on Monday in all three
// (the region's calendar); "today" is the region's.

const locales = { ru, en: enGB, zh: zhCN } satisfies Record<Lang, unknown>;

/** YYYY-MM-DD as the browser's local midnight (what the calendar's days are), and back. */
const toDate = (value: string) => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const toValue = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

interface DateCalendarProps {
  lang: Lang;
  value: string;
  min?: string;
  max?: string;
  onPick: (value: string) => void;
  onClose: () => void;
}

export default function DateCalendar({ lang, value, min, max, onPick, onClose }: DateCalendarProps) {
  const box = useRef<HTMLDivElement>(null);
  // Escape anywhere in the calendar closes it (and not the filter sheet around it).
  useEffect(() => {
    const node = box.current;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onClose();
    };
    node?.addEventListener('keydown', onKey);
    return () => node?.removeEventListener('keydown', onKey);
  }, [onClose]);
  const today = toDate(regionToday());
  const selected = value ? toDate(value) : undefined;
  const disabled = [...(min ? [{ before: toDate(min) }] : []), ...(max ? [{ after: toDate(max) }] : [])];
  return (
    <div className={styles.box}>
      <div className={styles.calendar} ref={box}>
        <DayPicker
          mode="single"
          locale={locales[lang]}
          weekStartsOn={1}
          today={today}
          selected={selected}
          defaultMonth={selected ?? (min ? toDate(min) : today)}
          disabled={disabled}
          autoFocus
          onSelect={(date) => date && onPick(toValue(date))}
        />
      </div>
    </div>
  );
}
