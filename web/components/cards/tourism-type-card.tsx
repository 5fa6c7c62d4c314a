import { type CSSProperties, createElement } from 'react';
import type { TourismTypeCardT } from '../../../common/api';
import { Link } from '../../lib/links';
import { Picture } from '../picture/picture';
import type { HeadingLevel } from './card-shell';
import { detailHref } from './detail-href';
import styles from './tourism-type-card.module.css';

export interface TourismTypeCardProps {
  item: TourismTypeCardT;
  /** Defaults to /tourism-type/detail/{id}. */
  href?: string;
  /** A background picture in place of the item's own `img`. */
  img?: string | null;
  showAnnotation?: boolean;
  headingLevel?: HeadingLevel;
  sizes?: string;
  className?: string;
  /** The first card of a list: its picture loads at once (CardShell's `priority`). */
  priority?: boolean;
}

/** A picture tile with the type's line icon and name over a dark gradient; its link works like CardShell's. */
export function TourismTypeCard({
  item,
  href,
  img,
  showAnnotation = false,
  headingLevel = 3,
  sizes = '(min-width: 1100px) 200px, (min-width: 600px) 25vw, 50vw',
  className,
  priority = false,
}: TourismTypeCardProps) {
  // Unquoted: the value stays free of entities in the HTML (the icon is a path of the site's own).
  const icon = { '--icon': `url(${encodeURI(item.icon)})` } as CSSProperties;
  return (
    <div className={className ? `${styles.tile} ${className}` : styles.tile}>
      <div className={`${styles.media} picture-fallback`}>
        <Picture
          src={img === undefined ? item.img : img}
          alt=""
          sizes={sizes}
          className={styles.image}
          priority={priority}
        />
      </div>
      <div className={styles.content}>
        <span className={styles.icon} style={icon} aria-hidden="true" />
        {createElement(
          `h${headingLevel}`,
          { className: styles.title },
          <Link to={href ?? detailHref('tourism-type', item.id)} className={`${styles.link} card-link`}>
            {item.name}
          </Link>,
        )}
        {showAnnotation && item.annotation && <p className={styles.text}>{item.annotation}</p>}
      </div>
    </div>
  );
}
