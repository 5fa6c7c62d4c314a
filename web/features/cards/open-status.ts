import type { OpenStatusT } from '../../../common/api';

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * "Open now · until 18:00", "Closed · opens Wednesday at 10:00" or "Hours unknown", from the
 * status the API computed at the moment of the answer in the region's time zone (strings:
 * cards.json `hours`; a date further than a week ahead is worded by i18next's own Intl formatter).
 */
export function openStatusText(status: OpenStatusT | null, t: T): string {
  if (!status) return t('cards:hours.unknown');
  if (status.open)
    return status.until ? t('cards:hours.openUntil', { time: status.until }) : t('cards:hours.open');
  const next = status.opens;
  if (!next) return t('cards:hours.closed');
  const { in_days: days, time } = next;
  if (days === 0) return t('cards:hours.opensToday', { time });
  if (days === 1) return t('cards:hours.opensTomorrow', { time });
  if (days < 7)
    return t(`cards:hours.opensOn${new Date(`${next.date}T00:00:00Z`).getUTCDay() || 7}`, { time });
  return t('cards:hours.opensDate', {
    date: new Date(`${next.date}T00:00:00Z`),
    time,
    formatParams: { date: { day: 'numeric', month: 'long', timeZone: 'UTC' } },
  });
}
