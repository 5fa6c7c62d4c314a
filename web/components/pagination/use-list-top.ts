import { useEffect, useRef } from 'react';

/**
 * When the page of a list changes (not on first render, and not when `group`, e.g. the tab, changes
 * too), scrolls the list's top into view and moves the focus there, so keyboard and screen reader
 * users start reading the new page.
 */
export function useListTop<T extends HTMLElement>(page: number, group: string | number = '') {
  const ref = useRef<T>(null);
  const previous = useRef({ page, group });
  useEffect(() => {
    const before = previous.current;
    previous.current = { page, group };
    if (before.page === page || before.group !== group) return;
    const element = ref.current;
    if (!element) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    element.focus({ preventScroll: true });
  }, [page, group]);
  return ref;
}
