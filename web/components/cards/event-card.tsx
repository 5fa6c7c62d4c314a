import type { EventCardT } from '../../../common/api';
import styles from './card.module.css';
import { CardShell, type HeadingLevel } from './card-shell';
import { detailHref } from './detail-href';
import { formatDateRange, useLocale } from './format';
import { Icon } from './icon';

export interface EventCardProps {
  item: EventCardT;
  /** Defaults to /events/detail/{id}. */
  href?: string;
  headingLevel?: HeadingLevel;
  sizes?: string;
  className?: string;
  /** The first card of a list: its picture loads at once (CardShell's `priority`). */
  priority?: boolean;
}

export function EventCard({ item, href, ...rest }: EventCardProps) {
  const locale = useLocale();
  return (
    <CardShell
      href={href ?? detailHref('events', item.id)}
      saveKey={`events.${item.id}`}
      img={item.img}
      photo={item.img_photo}
      title={item.name}
      overline={
        <span className={styles.fact}>
          <Icon name="calendar" className={styles.icon} />
          {formatDateRange(item.start_date, item.end_date, locale)}
        </span>
      }
      {...rest}
    >
      {item.venue && (
        <p className={styles.facts}>
          <span className={styles.fact}>
            <Icon name="venue" className={styles.icon} />
            {item.venue}
          </span>
        </p>
      )}
    </CardShell>
  );
}
