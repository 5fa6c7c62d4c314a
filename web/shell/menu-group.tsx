import { type ReactNode, useId, useState } from 'react';
import { LineIcon } from '../lib/icons';
import styles from './site-menu.module.css';

/**
 * A menu entry with a submenu: a disclosure button on phones and tablets, an always-open column
 * with a plain title on desktop (the CSS shows one or the other).
 */
export function MenuGroup({
  title,
  newColumn = false,
  children,
}: {
  title: string;
  newColumn?: boolean;
  children: ReactNode;
}) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  return (
    <li className={newColumn ? `${styles.entry} ${styles.newColumn}` : styles.entry}>
      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded((value) => !value)}
      >
        {title}
        <LineIcon name="chevron" size={22} className={styles.chevron} />
      </button>
      <span className={styles.groupTitle}>{title}</span>
      <div id={panelId} className={expanded ? styles.subOpen : styles.sub}>
        {children}
      </div>
    </li>
  );
}
