import { type DateFieldProps, DateField as RaDateField, useLocaleState } from 'react-admin';

// Dates and times in the interface's language, not the browser's: 27.11.2026, 18:40 in Russian,
// 27/11/2026, 18:40 in English (a British order: the staff read day before month).

/** The locale of dates of an interface language. */
export const dateLocale = (locale: string) => (locale === 'en' ? 'en-GB' : 'ru-RU');

/** react-admin's DateField in the interface's language. */
export function DateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return <RaDateField locales={dateLocale(locale)} {...props} />;
}

/** A moment (an ISO string) as a date and time of the interface's language. */
export function useDateTime(): (iso: string) => string {
  const [locale] = useLocaleState();
  return (iso) => new Date(iso).toLocaleString(dateLocale(locale));
}
