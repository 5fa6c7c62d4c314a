import type { OpenStatusT } from '../../../common/api';

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * "Open now · until 18:00", "Closed · opens Wednesday at 10:00" or "Hours unknown", from the
 * status the API computed at the moment of the answer in the region's time zone (strings:
 * cards.json `hours`: opens0 today, opens1 tomorrow, opensOn1…7 a weekday, opensDate a date further
 * than a week ahead, worded by i18next's own Intl formatter). Kept small: the home page's cards use it.
 */
export function openStatusText(status: OpenStatusT | null, t: T): string {
  if (!status) return t('cards:hours.unknown');
  if (status.open)
    return t(status.until ? 'cards:hours.openUntil' : 'cards:hours.open', { time: status.until });
  const next = status.opens;
  if (!next) return t('cards:hours.closed');
  const days = next.in_days;
  // a YYYY-MM-DD date is read as UTC midnight
  const date = new Date(next.date);
  return t(`cards:hours.opens${days < 2 ? days : days < 7 ? `On${date.getUTCDay() || 7}` : 'Date'}`, {
    time: next.time,
    date,
    formatParams: { date: { day: 'numeric', month: 'long', timeZone: 'UTC' } },
  });
}
