import { defaultLang, type Lang, normalizeLang } from '../../../common/languages';
import { useTranslation } from '../../lib/translation';

const locales: Record<Lang, string> = { ru: 'ru-RU', en: 'en-GB', zh: 'zh-CN' };

/** The Intl locale of the page's current language. */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return locales[normalizeLang(i18n.language) ?? defaultLang];
}

// Dates are calendar days: read and written in UTC, so the server and the browser agree.
const day = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

// An Intl formatter is costly to make (a card list made hundreds of them while hydrating): one per
// locale and kind, made once.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

const dateFormat = (locale: string) =>
  formatter(
    `date ${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  );

// Node's ICU and the browser's may differ in the kind of space they put in a date or a number
// (U+202F, U+2009, U+00A0): one plain space everywhere keeps server and browser markup identical.
const plainSpaces = (s: string) => s.replace(/[\u00a0\u2009\u202f]/g, ' ');

export function formatDate(iso: string, locale: string): string {
  return plainSpaces(dateFormat(locale).format(day(iso)));
}

export function formatDateRange(start: string, end: string, locale: string): string {
  return plainSpaces(dateFormat(locale).formatRange(day(start), day(end)));
}

export function formatNumber(value: number, locale: string, fractionDigits?: number): string {
  // A whole number below 1,000 reads the same in every language of the portal (ru, en, zh: Latin
  // digits, no group separator): no formatter. Making the page's first Intl.NumberFormat took
  // 10-15 ms of a list's hydration (the count of matches), in one piece React cannot split.
  if (Number.isInteger(value) && value >= 0 && value < 1000 && (fractionDigits ?? 0) === 0)
    return String(value);
  const format = formatter(
    `number ${locale} ${fractionDigits}`,
    () =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits ?? 1,
      }),
  );
  return plainSpaces(format.format(value));
}

/** The ISO day of a date, for <time dateTime>. */
export const isoDay = (iso: string) => iso.slice(0, 10);

const dayMonthFormat = (locale: string) =>
  formatter(
    `day-month ${locale}`,
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }),
  );

/** A day of the year without its year ("1 May"), from YYYY-MM-DD or MM-DD. */
export function formatDayMonth(date: string, locale: string): string {
  // MM-DD in a leap year, so that 29 February is a day
  return plainSpaces(dayMonthFormat(locale).format(day(date.length === 5 ? `2000-${date}` : date)));
}

const weekdayDateFormat = (locale: string) =>
  formatter(
    `weekday-date ${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' }),
  );

/** A date with its weekday and without its year ("Sat, 5 December"), from YYYY-MM-DD. */
export function formatWeekdayDate(date: string, locale: string): string {
  return plainSpaces(weekdayDateFormat(locale).format(day(date)));
}
