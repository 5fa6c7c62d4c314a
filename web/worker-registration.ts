/** What registerWorkerWhenQuiet uses of the browser's window (a test gives its own). */
export interface WorkerWindow {
  navigator: { serviceWorker?: { register(url: string): Promise<unknown> } };
  document: { readyState: string };
  addEventListener(type: 'load', listener: () => void): void;
  requestIdleCallback?: (
    callback: (deadline: { timeRemaining(): number }) => void,
    options?: { timeout: number },
  ) => unknown;
  setTimeout(callback: () => void, ms: number): unknown;
  performance: { now(): number };
}

/**
 * Registers the service worker (/sw.js, made by the production build: decision 028) once the page
 * has loaded and then gone quiet: about a second of idle periods in a row in which the browser had
 * nothing else to do (`requestIdleCallback` with its whole 50 ms), at most 10 s after the load (or
 * after this call, when the page had loaded before the app started). Its first install downloads
 * the app's files, and on a phone it took the CPU from the app's start (the map's main thread
 * worked a third longer while it ran). Without idle callbacks (older Safari) it waits 3 s. A
 * browser without service workers, or one that refuses this one, just goes on without.
 */
export function registerWorkerWhenQuiet(win: WorkerWindow): void {
  const workers = win.navigator.serviceWorker;
  if (!workers) return;
  const go = () => {
    workers.register('/sw.js').catch(() => {});
  };
  const whenQuiet = () => {
    const idle = win.requestIdleCallback;
    if (typeof idle !== 'function') return void win.setTimeout(go, 3000);
    const end = win.performance.now() + 10_000;
    let quiet = 0;
    const wait = (deadline: { timeRemaining(): number }) => {
      quiet = deadline.timeRemaining() > 45 ? quiet + 1 : 0;
      if (quiet > 19 || win.performance.now() > end) go();
      else idle.call(win, wait, { timeout: 1000 });
    };
    idle.call(win, wait);
  };
  if (win.document.readyState === 'complete') whenQuiet();
  else win.addEventListener('load', whenQuiet);
}
