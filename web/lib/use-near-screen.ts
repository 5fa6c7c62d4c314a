import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element (or, with `parent`, its parent: for an element that may have no box) has
 * come within `margin` of the screen; once true it stays true. Code or content that only matters
 * there waits for it, so a visitor who never scrolls that far never loads it.
 */
export function useNearScreen(
  ref: RefObject<Element | null>,
  { margin = '300px', parent = false }: { margin?: string; parent?: boolean } = {},
): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = parent ? ref.current?.parentElement : ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin, parent]);
  return near;
}
