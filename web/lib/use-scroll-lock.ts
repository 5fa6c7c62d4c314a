import { useEffect } from 'react';

// Several overlays (menu, dialog) may lock at once: the page unlocks when the last one lets go.
let locks = 0;

/** Locks page scrolling (body.scroll-locked) while `active`. */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    locks += 1;
    document.body.classList.add('scroll-locked');
    return () => {
      locks -= 1;
      if (locks === 0) document.body.classList.remove('scroll-locked');
    };
  }, [active]);
}
