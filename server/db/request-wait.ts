import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How long a request may still wait for PostgreSQL. A visitor's request gives up soon (then 503,
 * and the page says "temporarily unavailable"): a frozen or overloaded database must not hold
 * visitors, connections and memory for the seconds a background job may wait. Everything the
 * request waits for shares one allowance: a connection (opening one, or a free one of the pool)
 * and each query, one after the other or at once. Only the time spent waiting counts, not the
 * request's own work (a password hash, a render) on a busy processor.
 *
 * What runs outside a request (the mail queue, the scheduled publishing, the start and its
 * migrations, the scripts) or after its answer went out (work it started and did not wait for)
 * has the pool's own, longer limits (DATABASE_CONNECT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS).
 */
export class RequestWait {
  /** Set once the answer is sent: what still runs in the request's context is no longer its wait. */
  answered = false;
  private spentMs = 0;
  /** Waits in progress, and since when at least one has been. */
  private waiting = 0;
  private since = 0;

  constructor(private readonly allowanceMs: number) {}

  /** What is left of the allowance, in ms (0 or less: used up). */
  left(): number {
    const current = this.waiting ? performance.now() - this.since : 0;
    return this.allowanceMs - this.spentMs - current;
  }

  /** A wait begins; the function returned ends it. Waits at once count once. */
  begin(): () => void {
    if (this.waiting++ === 0) this.since = performance.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.waiting === 0) this.spentMs += performance.now() - this.since;
    };
  }
}

const waits = new AsyncLocalStorage<RequestWait>();

/** Runs `rest` (the rest of a request: its hooks, its handler) within `wait`. */
export function runWithin(wait: RequestWait, rest: () => void): void {
  waits.run(wait, rest);
}

/** The current request's wait; undefined outside a request or once it is answered. */
export function currentRequestWait(): RequestWait | undefined {
  const wait = waits.getStore();
  return wait && !wait.answered ? wait : undefined;
}

/** Runs `work` outside any request's wait: work a request starts but does not wait for (mail). */
export function outsideRequest<T>(work: () => T): T {
  return waits.exit(work);
}
