import { isoDateOf } from '../../../common/date-presets';

// A date typed into a date field, in the page's language: the numeric form its locale writes
// (31.12.2026 in Russian, 31/12/2026 in British English, 2026/12/31 in Chinese), taken from Intl
// so the order of day, month and year is the locale's own. A few variations people type are read
// too: any separator (. / - space, 年月日), one-digit days and months, a two-digit year (this
// century), the eight digits without separators, and the ISO form 2026-12-31 in every language.

type Part = 'day' | 'month' | 'year';

const numeric = new Map<string, Intl.DateTimeFormat>();
const numericFormat = (locale: string) => {
  let format = numeric.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    });
    numeric.set(locale, format);
  }
  return format;
};

const utcDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** A YYYY-MM-DD date as its locale writes it in digits ("31.12.2026", "31/12/2026", "2026/12/31"). */
export const typedDate = (iso: string, locale: string): string => numericFormat(locale).format(utcDate(iso));

/** The order of day, month and year in a locale's numeric dates. */
function orderOf(locale: string): Part[] {
  return numericFormat(locale)
    .formatToParts(utcDate('2026-12-31'))
    .map((p) => p.type)
    .filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
}

/**
 * The YYYY-MM-DD date a visitor typed; '' for nothing typed; null when it is no date (a day that
 * does not exist, such as 30.02.2026, included).
 */
export function readTypedDate(text: string, locale: string): string | null {
  const typed = text.trim().replace(/\s*г\.?$/, '');
  if (!typed) return '';
  let groups: string[] = typed.match(/\d+/g) ?? [];
  // Only digits and separators: letters (a month's name) are not read.
  if (/[^\d\s./\-年月日]/.test(typed)) return null;
  const order = orderOf(locale);
  if (groups.length === 1 && groups[0]?.length === 8) {
    const digits = groups[0];
    const lengths = order.map((part) => (part === 'year' ? 4 : 2));
    let at = 0;
    groups = lengths.map((n) => {
      const group = digits.slice(at, at + n);
      at += n;
      return group;
    });
  }
  if (groups.length !== 3) return null;
  // A four-digit first number is a year whatever the locale (the ISO form).
  const parts: Part[] = groups[0]?.length === 4 ? ['year', 'month', 'day'] : order;
  const value = Object.fromEntries(parts.map((part, n) => [part, groups[n] as string])) as Record<
    Part,
    string
  >;
  if (value.year.length !== 4 && value.year.length !== 2) return null;
  if (value.day.length > 2 || value.month.length > 2) return null;
  const year = value.year.length === 2 ? `20${value.year}` : value.year;
  return isoDateOf(`${year}-${value.month.padStart(2, '0')}-${value.day.padStart(2, '0')}`) || null;
}
