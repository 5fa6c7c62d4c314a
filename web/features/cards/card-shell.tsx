import { createElement, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Picture } from '../picture/picture';
import styles from './card.module.css';

export type HeadingLevel = 2 | 3 | 4;

/** Images of a card in the usual grids and carousels: 4 across on desktop, 2 on tablets, 1 on phones. */
export const cardSizes = '(min-width: 1100px) 340px, (min-width: 700px) 45vw, 85vw';

export interface CardShellProps {
  href: string;
  img: string | null;
  title: string;
  /** Shown above the title (a date, a type). */
  overline?: ReactNode;
  /** Over the picture, top left (a rating badge). */
  badge?: ReactNode;
  /** Facts and annotation below the title. */
  children?: ReactNode;
  headingLevel?: HeadingLevel;
  sizes?: string;
  className?: string;
}

/**
 * The frame every card shares: one link around the whole card, named by its title alone; the
 * rest of the card is its description.
 */
export function CardShell({
  href,
  img,
  title,
  overline,
  badge,
  children,
  headingLevel = 3,
  sizes = cardSizes,
  className,
}: CardShellProps) {
  const id = useId();
  const describedBy = [badge && `${id}-badge`, overline && `${id}-over`, children && `${id}-body`]
    .filter(Boolean)
    .join(' ');
  return (
    <Link
      to={href}
      className={className ? `${styles.card} ${className}` : styles.card}
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy || undefined}
    >
      <div className={`${styles.media} picture-fallback`}>
        <Picture src={img} alt="" sizes={sizes} className={styles.image} />
        {badge && (
          <div id={`${id}-badge`} className={styles.badge}>
            {badge}
          </div>
        )}
      </div>
      <div className={styles.content}>
        {overline && (
          <div id={`${id}-over`} className={styles.overline}>
            {overline}
          </div>
        )}
        {createElement(`h${headingLevel}`, { id: `${id}-title`, className: styles.title }, title)}
        {children && (
          <div id={`${id}-body`} className={styles.body}>
            {children}
          </div>
        )}
      </div>
    </Link>
  );
}
