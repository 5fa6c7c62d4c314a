import styles from './icons.module.css';

/** The detail pages' own line icons (facts, downloads, share links, directions): icons.module.css draws them. */
export type DetailIconName =
  | 'pin'
  | 'mail'
  | 'phone'
  | 'globe'
  | 'message'
  | 'clock'
  | 'tag'
  | 'wallet'
  | 'length'
  | 'compass'
  | 'calendar'
  | 'venue'
  | 'download'
  | 'link'
  | 'send'
  | 'navigate'
  | 'access';

/** A decorative line icon of a detail page: an empty span the style sheet draws, in the text's colour. */
export function DetailIcon({ name, className }: { name: DetailIconName; className?: string }) {
  const classes = `${styles.glyph} ${styles[name]}`;
  return <span className={className ? `${classes} ${className}` : classes} aria-hidden="true" />;
}
