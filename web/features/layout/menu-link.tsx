import type { ReactNode } from 'react';
import { NavLink } from '../../lib/links';

/** A menu link: marks the current page (aria-current) and closes the menu when followed. */
export function MenuLink({
  to,
  className,
  onNavigate,
  children,
}: {
  to: string;
  className: string | undefined;
  onNavigate: () => void;
  children: ReactNode;
}) {
  return (
    <NavLink to={to} end className={className} onClick={onNavigate}>
      {children}
    </NavLink>
  );
}
