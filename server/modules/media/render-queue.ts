/** One piece of work: `key` names what it makes, `kind` groups works of a like cost. */
export interface RenderTask<T> {
  key: string;
  kind: string;
  run: () => Promise<T>;
  /** How long a work of this kind is thought to take until one has been timed. */
  guessMs?: number;
}

export type Waited<T> = { done: true; value: T } | { done: false; retryAfterSeconds: number };

export interface RenderQueueOptions<T> {
  /** Works running at once. */
  concurrency: number;
  /** The longest a request waits for its work; a work that would not start by then is not queued. */
  maxWaitMs: number;
  /** The next work to do when no request waits, or undefined when there is none for now (see `wake`). */
  nextBackground?: () => Promise<RenderTask<T> | undefined>;
  /** Called when a work done in the background failed (nobody waits for it). */
  onBackgroundError?: (key: string, err: unknown) => void;
}

interface Queued<T> {
  task: RenderTask<T>;
  estimateMs: number;
  resolve: (value: T) => void;
  reject: (err: unknown) => void;
}

/** Before a kind of work has been timed, and without a guess, it is taken to be this slow. */
const FIRST_ESTIMATE_MS = 1000;
const MAX_RETRY_AFTER_SECONDS = 300;

class QueueClosed extends Error {}

/**
 * Slow work (picture renders) done a bounded number at a time, never more than `concurrency`,
 * so that it cannot take all of the machine's cores and all of libuv's threads from the requests.
 *
 * - Single flight: everyone asking for the same key while its work is queued or running shares
 *   that one work.
 * - Requests first: work asked for by a request runs before background work, in order of asking.
 * - Bounded waiting: a work is queued only if the works ahead of it (as timed so far, per kind)
 *   end within `maxWaitMs`; otherwise, and when its wait runs out, the asker gets an estimate of
 *   when to ask again. A work whose asker stopped waiting still runs, so that the next ask finds it.
 *   So the queue holds at most about `maxWaitMs` of work, however many ask.
 */
export function createRenderQueue<T>(options: RenderQueueOptions<T>) {
  const { concurrency, maxWaitMs } = options;
  const works = new Map<string, Promise<T>>();
  const waiting: Queued<T>[] = [];
  const running = new Set<Promise<unknown>>();
  const averageMs = new Map<string, number>();
  let waitingMs = 0;
  let runningMs = 0;
  let held: RenderTask<T> | undefined;
  let pulling = false;
  let backgroundEmpty = !options.nextBackground;
  let closed = false;

  const estimate = (task: RenderTask<T>) => averageMs.get(task.kind) ?? task.guessMs ?? FIRST_ESTIMATE_MS;

  /** How long until the work queued now is done (all of it, spread over the slots). */
  const backlogMs = () => (waitingMs + runningMs) / concurrency;

  const retryAfter = (extraMs = 0) =>
    Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil((backlogMs() + extraMs) / 1000)));

  function start(task: RenderTask<T>, estimateMs: number): Promise<T> {
    runningMs += estimateMs;
    const started = performance.now();
    const work = task.run().finally(() => {
      runningMs -= estimateMs;
      const ms = performance.now() - started;
      const before = averageMs.get(task.kind);
      averageMs.set(task.kind, before === undefined ? ms : before * 0.7 + ms * 0.3);
      works.delete(task.key);
    });
    works.set(task.key, work);
    const done = work.then(
      () => undefined,
      () => undefined,
    );
    running.add(done);
    void done.then(() => {
      running.delete(done);
      pump();
    });
    return work;
  }

  function pump(): void {
    if (closed) return;
    while (running.size < concurrency && waiting.length) {
      const next = waiting.shift() as Queued<T>;
      waitingMs -= next.estimateMs;
      start(next.task, next.estimateMs).then(next.resolve, next.reject);
    }
    if (running.size >= concurrency || waiting.length) return;
    if (held) {
      const task = held;
      held = undefined;
      if (works.has(task.key)) pump();
      else start(task, estimate(task)).catch((err: unknown) => options.onBackgroundError?.(task.key, err));
      return;
    }
    if (!backgroundEmpty && !pulling) void pull();
  }

  async function pull(): Promise<void> {
    pulling = true;
    try {
      held = await options.nextBackground?.();
      if (!held) backgroundEmpty = true;
    } catch (err) {
      options.onBackgroundError?.('(next background work)', err);
      backgroundEmpty = true;
    } finally {
      pulling = false;
    }
    pump();
  }

  return {
    /**
     * The result of `task`, done now or joined if already queued or running, waited for at most
     * `maxWaitMs`; or, when that is not enough, in how many seconds to ask again.
     */
    async request(task: RenderTask<T>): Promise<Waited<T>> {
      let work = works.get(task.key);
      if (!work) {
        const estimateMs = estimate(task);
        // Its own length does not count: a work longer than the bound is still done, for the next ask.
        if (closed || backlogMs() >= maxWaitMs) {
          return { done: false, retryAfterSeconds: retryAfter(estimateMs) };
        }
        work = new Promise<T>((resolve, reject) => {
          waiting.push({ task, estimateMs, resolve, reject });
        });
        waitingMs += estimateMs;
        works.set(task.key, work);
        // Nobody may be waiting any more when it fails: the failure is handled by each asker.
        work.catch(() => {});
        pump();
      }
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<typeof timedOutMark>((resolve) => {
        timer = setTimeout(() => resolve(timedOutMark), maxWaitMs);
      });
      try {
        const value = await Promise.race([work, timedOut]);
        if (value === timedOutMark) return { done: false, retryAfterSeconds: retryAfter() };
        return { done: true, value: value as T };
      } catch (err) {
        if (err instanceof QueueClosed) return { done: false, retryAfterSeconds: 1 };
        throw err;
      } finally {
        clearTimeout(timer);
      }
    },

    /** There may be background work again (`nextBackground` has more to give). */
    wake(): void {
      if (closed || !options.nextBackground) return;
      backgroundEmpty = false;
      pump();
    },

    /** Works queued for requests, and running. */
    get size() {
      return { waiting: waiting.length, running: running.size };
    },

    /** Whether nothing is queued or running and the background has nothing more to give for now. */
    get idle() {
      return !waiting.length && !running.size && !held && !pulling && backgroundEmpty;
    },

    /** Takes no more work, answers the waiting requests "ask again" and waits for the running works. */
    async close(): Promise<void> {
      closed = true;
      held = undefined;
      for (const queued of waiting.splice(0)) {
        works.delete(queued.task.key);
        queued.reject(new QueueClosed());
      }
      waitingMs = 0;
      await Promise.all(running);
    },
  };
}

const timedOutMark = Symbol('timed out');

export type RenderQueue<T> = ReturnType<typeof createRenderQueue<T>>;
