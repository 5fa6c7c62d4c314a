import type { MouseEvent } from 'react';
import { useNavigate } from '../../lib/links';

/** Client-side navigation for the SVG links (React Router's <Link> renders HTML <a>, not SVG). */
export function useMapNavigation() {
  const navigate = useNavigate();
  return (event: MouseEvent<Element>, href: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
}
