import { createElement, type ReactNode } from 'react';
import type { LibraryPhotoT } from '../../../common/api';
import { Link } from '../../lib/links';
import { useHydrated } from '../../lib/use-hydrated';
import { Picture } from '../picture/picture';
import { SaveButton } from '../saved/save-button';
import styles from './card.module.css';

export type HeadingLevel = 2 | 3 | 4;

/** Images of a card in the usual grids and carousels: 4 across on desktop, 2 on tablets, 1 on phones. */
export const cardSizes = '(min-width: 1100px) 340px, (min-width: 700px) 45vw, 85vw';

export interface CardShellProps {
  href: string;
  img: string | null;
  /** The picture's alt text and focal point when it is a photo of the media library (`img_photo`). */
  photo?: LibraryPhotoT | undefined;
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
  /**
   * The picture only once the app runs, an empty box of its size before: for cards below the
   * first screen, whose pictures load lazily anyway, so that the page's HTML stays small.
   */
  pictureAfterStart?: boolean;
  /** The item's key in the visitor's trip (`attractions.12`): the card gets a save control. */
  saveKey?: string | null;
  /**
   * The first card of a list, whose picture is the largest content of a phone's first screen:
   * loaded at once with high priority, not lazily (a lazy one is asked for only after layout).
   */
  priority?: boolean;
}

/**
 * The frame every card shares. The link holds the title alone, so its accessible name is exactly
 * its visible text (label in name) and a screen reader lists each card once by its title; the
 * link's stretched ::after covers the card, so a click anywhere on it follows the link, and the
 * focus ring is drawn around the whole card.
 */
export function CardShell({
  href,
  img,
  photo,
  title,
  overline,
  badge,
  children,
  headingLevel = 3,
  sizes = cardSizes,
  className,
  pictureAfterStart = false,
  saveKey,
  priority = false,
}: CardShellProps) {
  const hydrated = useHydrated();
  return (
    <div className={className ? `${styles.card} ${className}` : styles.card}>
      <div className={`${styles.media} picture-fallback`}>
        {pictureAfterStart && !hydrated ? null : (
          <Picture
            src={img}
            alt=""
            photo={photo}
            sizes={sizes}
            className={styles.image}
            priority={priority}
          />
        )}
        {badge && <div className={styles.badge}>{badge}</div>}
      </div>
      <div className={styles.content}>
        {overline && <div className={styles.overline}>{overline}</div>}
        {createElement(
          `h${headingLevel}`,
          { className: styles.title },
          <Link to={href} className={`${styles.link} card-link`}>
            {title}
          </Link>,
        )}
        {children && <div className={styles.body}>{children}</div>}
      </div>
      {saveKey && <SaveButton itemKey={saveKey} name={title} className="save-button--card" />}
    </div>
  );
}
