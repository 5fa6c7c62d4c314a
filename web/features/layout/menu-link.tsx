import type { ReactNode } from 'react';
import { NavLink } from '../../lib/links';

/**
 * A menu link: marks the current page (aria-current) and closes the menu when followed. Without a
 * class the link has no class attribute at all (not even NavLink's "active"): the menu styles its
 * lists' links through the list, which spares every page's HTML a class on each of its ~40 links.
 */
export function MenuLink({
  to,
  className,
  onNavigate,
  children,
}: {
  to: string;
  className?: string;
  onNavigate: () => void;
  children: ReactNode;
}) {
  return (
    <NavLink to={to} end className={() => className} onClick={onNavigate}>
      {children}
    </NavLink>
  );
}
