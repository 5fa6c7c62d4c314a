import { useTranslation } from '../../lib/translation';
import styles from './card.module.css';
import { formatNumber, useLocale } from './format';

export type RatingLevel = 'high' | 'mid' | 'low';

/** The badge's level and colour: 4 or more high (green), 3 or more mid (amber), otherwise low (red). */
export function ratingLevel(value: number): RatingLevel {
  if (value >= 4) return 'high';
  if (value >= 3) return 'mid';
  return 'low';
}

/**
 * The editors' rating (the API's rating_category, "1.0" to "5.0": how much the staff judge a place
 * worth the trip; the portal collects no visitors' reviews) as a coloured badge. Its words say whose
 * it is, to a screen reader and, as its title, to a pointer resting on it.
 */
export function RatingBadge({ value }: { value: string }) {
  const { t } = useTranslation('cards');
  const locale = useLocale();
  const number = Number.parseFloat(value);
  if (!Number.isFinite(number)) return null;
  const text = formatNumber(number, locale, 1);
  const level = ratingLevel(number);
  return (
    <span
      role="img"
      aria-label={t('rating', { value: text })}
      title={t('rating', { value: text })}
      className={`${styles.rating} ${styles[`rating-${level}`]}`}
      data-level={level}
    >
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M10 1.5l2.6 5.5 6 .7-4.4 4.1 1.2 5.9L10 14.8l-5.4 2.9 1.2-5.9L1.4 7.7l6-.7z"
        />
      </svg>
      {text}
    </span>
  );
}
