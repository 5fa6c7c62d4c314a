import styles from './card.module.css';

export type IconName = 'pin' | 'length' | 'travel' | 'calendar' | 'venue' | 'clock';

/**
 * A small decorative icon beside a card fact: an empty span the style sheet draws
 * (card.module.css `glyph`), in the colour of the given class.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const classes = `${styles.glyph} ${styles[name]}`;
  return <span className={className ? `${classes} ${className}` : classes} aria-hidden="true" />;
}
