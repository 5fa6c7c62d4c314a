import type { NewsCardT } from '../../../common/api';
import styles from './card.module.css';
import { CardShell, type HeadingLevel } from './card-shell';
import { detailHref } from './detail-href';
import { formatDate, isoDay, useLocale } from './format';

export interface NewsCardProps {
  item: NewsCardT;
  /** Defaults to /news/detail/{id}. */
  href?: string;
  headingLevel?: HeadingLevel;
  sizes?: string;
  className?: string;
  /** The first card of a list: its picture loads at once (CardShell's `priority`). */
  priority?: boolean;
}

export function NewsCard({ item, href, ...rest }: NewsCardProps) {
  const locale = useLocale();
  return (
    <CardShell
      href={href ?? detailHref('news', item.id)}
      img={item.img}
      photo={item.img_photo}
      title={item.name}
      overline={<time dateTime={isoDay(item.date)}>{formatDate(item.date, locale)}</time>}
      {...rest}
    >
      {item.annotation && <p className={styles.annotation}>{item.annotation}</p>}
    </CardShell>
  );
}
