import { useCallback, useEffect, useRef, useState } from 'react';
import { useReducedMotion } from './use-reduced-motion';

export interface SnapTrack {
  /** The scroll container: its first child holds the slides. */
  viewport: React.RefObject<HTMLDivElement | null>;
  /** The slide at the start of the view (the nearest to it while between two). */
  index: number;
  canPrev: boolean;
  canNext: boolean;
  /** Scrolls the track so that slide `n` starts the view (or as far as the track goes). */
  scrollTo: (n: number) => void;
}

/**
 * Where the track's scroll position must be for each slide to start the view, within what the
 * track can scroll (near the end several slides share the last position). The start edge is inside
 * the scroll padding the track keeps for the cards' shadows.
 */
function slideTargets(track: HTMLElement): number[] {
  const padding = Number.parseFloat(getComputedStyle(track).scrollPaddingLeft);
  const edge = track.getBoundingClientRect().left + (Number.isFinite(padding) ? padding : 0);
  const max = track.scrollWidth - track.clientWidth;
  const slides = Array.from(track.firstElementChild?.children ?? []);
  return slides.map((s) =>
    Math.min(max, Math.max(0, track.scrollLeft + s.getBoundingClientRect().left - edge)),
  );
}

/** Where the track stands at scroll position `left`: the first slide nearest to it, and the ends. */
function positionAt(track: HTMLElement, targets: number[], left: number) {
  const distances = targets.map((t) => Math.abs(t - left));
  return {
    index: Math.max(0, distances.indexOf(Math.min(...distances))),
    canPrev: left > 1,
    canNext: left < track.scrollWidth - track.clientWidth - 1,
  };
}

/** How long a scroll asked for may take to start moving the track before a read believes it stands. */
const unmovedScrollMs = 1000;

/**
 * A horizontal track that the browser scrolls itself (CSS scroll snap): swiping, the trackpad and
 * the scroll wheel work before and without the app. This reads where it stands (after a scroll
 * settles, so a smooth scroll does not report each slide it passes) and scrolls it on request.
 */
export function useSnapTrack(count: number): SnapTrack {
  const viewport = useRef<HTMLDivElement>(null);
  const reducedMotion = useReducedMotion();
  const [state, setState] = useState({ index: 0, canPrev: false, canNext: count > 1 });
  // When scrollTo last asked for a scroll that has not moved the track yet. Until the track moves,
  // a read (a resize, an earlier scroll settling) would find it where it was and undo the index
  // said at once: a second press then went on from the old slide (two presses, one slide).
  const asked = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: other slides (count) mean other positions to read
  useEffect(() => {
    const track = viewport.current;
    if (!track) return;
    const read = () => {
      if (asked.current !== null && performance.now() - asked.current < unmovedScrollMs) {
        settle();
        return;
      }
      asked.current = null;
      const next = positionAt(track, slideTargets(track), track.scrollLeft);
      setState((s) =>
        s.index === next.index && s.canPrev === next.canPrev && s.canNext === next.canNext ? s : next,
      );
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(read, 80);
    };
    const scrolled = () => {
      asked.current = null;
      settle();
    };
    read();
    track.addEventListener('scroll', scrolled, { passive: true });
    const resize = new ResizeObserver(settle);
    resize.observe(track);
    return () => {
      clearTimeout(timer);
      track.removeEventListener('scroll', scrolled);
      resize.disconnect();
    };
  }, [count]);

  const scrollTo = useCallback(
    (n: number) => {
      const track = viewport.current;
      if (!track) return;
      const targets = slideTargets(track);
      const left = targets[Math.min(targets.length - 1, Math.max(0, n))];
      if (left === undefined) return;
      if (Math.abs(track.scrollLeft - left) >= 1) asked.current = performance.now();
      track.scrollTo({ left, behavior: reducedMotion ? 'instant' : 'smooth' });
      // Said at once, so that a second press during the smooth scroll goes on from the target.
      setState(positionAt(track, targets, left));
    },
    [reducedMotion],
  );

  return { viewport, ...state, scrollTo };
}
