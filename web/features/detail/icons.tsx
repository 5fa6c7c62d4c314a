import { lineStrokes, StrokeIcon } from '../../lib/icons';
import styles from './icons.module.css';

/**
 * The detail pages' own line icons (facts, downloads, share links, directions), with the frame's:
 * kept here, their paths load with the detail page's code, not with every page's.
 */
const strokes = {
  ...lineStrokes,
  message: 'M3 4h14v10H8l-4 3v-3H3z',
  clock: 'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM10 5.5V10l3 2',
  tag: 'M3 3h7l7 7-7 7-7-7zM7 7.01V7',
  wallet: 'M3 6h13a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H3zM3 6l10-3v3M13 11.5h1',
  length:
    'M5 13a2 2 0 1 0 0 4a2 2 0 1 0 0-4ZM15 3a2 2 0 1 0 0 4a2 2 0 1 0 0-4ZM7 15h5.5a2.5 2.5 0 0 0 0-5h-5a2.5 2.5 0 0 1 0-5H13',
  compass: 'M10 3a7 7 0 1 0 0 14a7 7 0 1 0 0-14ZM12.5 7.5l-1.5 4-4 1.5 1.5-4Z',
  calendar: 'M4 5h12v12H4zM4 9h12M7 3v4M13 3v4',
  venue: 'M3 17h14M5 17V8l5-4 5 4v9M8 17v-5h4v5',
  download: 'M10 3v10M6 9l4 4 4-4M4 17h12',
  link: 'M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5L10 5M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1',
  send: 'M17 3L2 9l6 2 2 6zM8 11l9-8',
  navigate: 'M17 3 3 9.5l6 1.5 1.5 6z',
  access: 'M9 3.01V3M9 6v5h5l2 5M9 8h4M7 9.5a4.5 4.5 0 1 0 6.5 5.5',
  person: 'M10 10a3.5 3.5 0 1 0 0-7a3.5 3.5 0 1 0 0 7ZM3.5 17a6.5 6.5 0 0 1 13 0',
} as const;

export type DetailIconName = keyof typeof strokes;

/**
 * The icons a detail page repeats (the directions' arrow on every link, the pin and the tag on
 * several facts) are drawn by the style sheet (icons.module.css): one copy for every use, where an
 * inline SVG was repeated in the page's HTML. The others stay inline: each icon the style sheet
 * draws costs the browser an SVG document of its own to build, and with all seventeen that way the
 * page's style work doubled.
 */
const drawnByStyleSheet = new Set<DetailIconName>(['pin', 'navigate', 'tag']);

/** A decorative line icon of a detail page. */
export function DetailIcon({ name, className }: { name: DetailIconName; className?: string }) {
  if (!drawnByStyleSheet.has(name)) return <StrokeIcon d={strokes[name]} size={18} className={className} />;
  const classes = `${styles.glyph} ${styles[name as 'pin' | 'navigate' | 'tag']}`;
  return <span className={className ? `${classes} ${className}` : classes} aria-hidden="true" />;
}
