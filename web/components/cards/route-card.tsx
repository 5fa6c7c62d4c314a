import type { RouteCardT } from '../../../common/api';
import { useTranslation } from '../../lib/translation';
import styles from './card.module.css';
import { CardShell, type HeadingLevel } from './card-shell';
import { detailHref } from './detail-href';
import { formatNumber, useLocale } from './format';
import { Icon } from './icon';

export interface RouteCardProps {
  item: RouteCardT;
  /** Defaults to /routes/detail/{id}. */
  href?: string;
  headingLevel?: HeadingLevel;
  sizes?: string;
  className?: string;
  /** The first card of a list: its picture loads at once (CardShell's `priority`). */
  priority?: boolean;
}

export function RouteCard({ item, href, ...rest }: RouteCardProps) {
  const { t } = useTranslation('cards');
  const locale = useLocale();
  const ways = item.way_to_travel.map((w) => w.name).join(', ');
  return (
    <CardShell
      href={href ?? detailHref('routes', item.id)}
      saveKey={`routes.${item.id}`}
      img={item.img}
      photo={item.img_photo}
      title={item.name}
      overline={item.type.name}
      {...rest}
    >
      <p className={styles.facts}>
        <span className={styles.fact}>
          <Icon name="length" className={styles.icon} />
          {t('length', { value: formatNumber(item.length, locale) })}
        </span>
        {ways && (
          <span className={styles.fact}>
            <Icon name="travel" className={styles.icon} />
            {ways}
          </span>
        )}
        <span className={styles.fact}>
          <Icon name="pin" className={styles.icon} />
          {item.district.name}
        </span>
      </p>
      {item.annotation && <p className={styles.annotation}>{item.annotation}</p>}
    </CardShell>
  );
}
