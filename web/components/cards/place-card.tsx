import type { PlaceCardT } from '../../../common/api';
import { useTranslation } from '../../lib/translation';
import styles from './card.module.css';
import { CardShell, type HeadingLevel } from './card-shell';
import { Icon } from './icon';
import { openStatusText } from './open-status';
import { RatingBadge } from './rating-badge';

export interface PlaceCardProps {
  /** An attraction, popular place, residence, catering, entertainment or information centre. */
  item: PlaceCardT;
  /** Its detail page, e.g. detailHref('attractions', item.id). */
  href: string;
  /** Show the rating_category badge (popular places). */
  showRating?: boolean;
  /** Its key in the visitor's trip (common/sections.ts tripKey): the card can save it. */
  saveKey?: string | null;
  headingLevel?: HeadingLevel;
  sizes?: string;
  className?: string;
  /** The first card of a list: its picture loads at once (CardShell's `priority`). */
  priority?: boolean;
}

export function PlaceCard({ item, href, showRating = false, ...rest }: PlaceCardProps) {
  const { t } = useTranslation('cards');
  const status = item.open_status;
  return (
    <CardShell
      href={href}
      img={item.img}
      photo={item.img_photo}
      title={item.name}
      overline={item.type?.name}
      badge={showRating && item.rating_category ? <RatingBadge value={item.rating_category} /> : undefined}
      {...rest}
    >
      <p className={styles.facts}>
        <span className={styles.fact}>
          <Icon name="pin" className={styles.icon} />
          {item.district.name}
        </span>
        {status !== undefined && (
          <span className={styles.fact} data-open={status ? String(status.open) : 'unknown'}>
            <Icon name="clock" className={styles.icon} />
            {openStatusText(status, t)}
          </span>
        )}
      </p>
      {item.annotation && <p className={styles.annotation}>{item.annotation}</p>}
    </CardShell>
  );
}
