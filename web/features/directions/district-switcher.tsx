import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import styles from './district-switcher.module.css';
import type { DistrictOption } from './district-tabs';

export interface DistrictSwitcherProps {
  /** All districts in order; the previous and next ones (cyclic) of `current` are offered. */
  districts: DistrictOption[];
  current: number;
  /** Where choosing a district goes. */
  href: (id: number) => string;
  /** Replace the history entry instead of adding one (a selection on the same page). */
  replace?: boolean;
  onSwitch?: () => void;
}

/** Switches the district card to the previous or next district, named on the links. */
export function DistrictSwitcher({
  districts,
  current,
  href,
  replace = false,
  onSwitch,
}: DistrictSwitcherProps) {
  const { t } = useTranslation('directions');
  const index = districts.findIndex((d) => d.id === current);
  if (index < 0 || districts.length < 2) return null;
  const prev = districts[(index - 1 + districts.length) % districts.length];
  const next = districts[(index + 1) % districts.length];
  if (!prev || !next) return null;
  return (
    <nav className={styles.switcher} aria-label={t('card.switchLabel')}>
      <Link
        className={styles.link}
        to={href(prev.id)}
        replace={replace}
        preventScrollReset={replace}
        rel="prev"
        onClick={onSwitch}
      >
        <span className={styles.hint}>
          <span aria-hidden="true">← </span>
          {t('card.previous')}
        </span>
        <span className={styles.name}>{prev.name}</span>
      </Link>
      <Link
        className={`${styles.link} ${styles.next}`}
        to={href(next.id)}
        replace={replace}
        preventScrollReset={replace}
        rel="next"
        onClick={onSwitch}
      >
        <span className={styles.hint}>
          {t('card.next')}
          <span aria-hidden="true"> →</span>
        </span>
        <span className={styles.name}>{next.name}</span>
      </Link>
    </nav>
  );
}
