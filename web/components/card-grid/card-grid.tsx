import type { CSSProperties, ReactNode } from 'react';
import styles from './card-grid.module.css';

/** How many columns the card grid has: below 700 px, from 700 px and from 1100 px. */
export interface Columns {
  base: number;
  from700: number;
  from1100: number;
}

/** A responsive grid of cards with the section's column counts. */
export function CardGrid({ columns, children }: { columns: Columns; children: ReactNode }) {
  const style = {
    '--cols-base': columns.base,
    '--cols-700': columns.from700,
    '--cols-1100': columns.from1100,
  } as CSSProperties;
  return (
    <ul className={styles.grid} style={style}>
      {children}
    </ul>
  );
}

export function CardGridItem({ children }: { children: ReactNode }) {
  return <li className={styles.item}>{children}</li>;
}

/** The CSS sizes of a card picture in a grid with these columns (content width 1340 px). */
export function gridSizes(columns: Columns): string {
  return [
    `(min-width: 1340px) ${Math.round(1300 / columns.from1100)}px`,
    `(min-width: 1100px) ${Math.round(96 / columns.from1100)}vw`,
    `(min-width: 700px) ${Math.round(94 / columns.from700)}vw`,
    `${Math.round(94 / columns.base)}vw`,
  ].join(', ');
}
