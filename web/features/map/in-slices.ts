/**
 * Runs `work` on each item in tasks of at most about `budgetMs`, yielding to the browser between
 * them, and returns a function that stops what is left. Adding a few hundred markers or lines to
 * Leaflet takes tens of milliseconds; in one task it would hold up input and count as blocking
 * time (a task over 50 ms on a phone-class CPU, a quarter of this machine's speed).
 */
export function inSlices<T>(items: readonly T[], work: (item: T) => void, budgetMs = 8): () => void {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = () => {
    const end = performance.now() + budgetMs;
    while (next < items.length) {
      work(items[next++] as T);
      if (performance.now() >= end) break;
    }
    timer = next < items.length ? setTimeout(step, 0) : undefined;
  };
  step();
  return () => clearTimeout(timer);
}
