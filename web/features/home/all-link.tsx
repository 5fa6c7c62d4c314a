import { Link } from '../../lib/links';
import styles from './section.module.css';

/** The "all" link of a carousel section. */
export function AllLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className={styles.all}>
      {children}
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M4 10h11M11 5l5 5-5 5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </Link>
  );
}
