import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How long a request may still wait for PostgreSQL. A visitor's request gives up soon (then 503,
 * and the page says "temporarily unavailable"): a frozen or overloaded database must not hold
 * visitors, connections and memory for the seconds a background job may wait. Everything the
 * request does with the database shares one deadline: waiting for a connection (to open one, or
 * for a free one of the pool) and each of its queries, one after the other or at once.
 *
 * What runs outside a request (the mail queue, the scheduled publishing, the start and its
 * migrations, the scripts) or after its answer went out (work it started and did not wait for)
 * has the pool's own, longer limits (DATABASE_CONNECT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS).
 */
export interface RequestWait {
  /** `performance.now()` past which the request's database work fails as unavailable. */
  readonly until: number;
  /** Set once the answer is sent: what still runs in the request's context is no longer its wait. */
  answered: boolean;
}

const waits = new AsyncLocalStorage<RequestWait>();

/** A request's wait that ends `ms` from now. */
export const waitAtMost = (ms: number): RequestWait => ({ until: performance.now() + ms, answered: false });

/** Runs `rest` (the rest of a request: its hooks, its handler) within `wait`. */
export function runWithin(wait: RequestWait, rest: () => void): void {
  waits.run(wait, rest);
}

/**
 * How many ms the current request may still wait for the database; undefined outside a request
 * (or once it is answered): then only the pool's limits apply.
 */
export function requestWaitLeft(): number | undefined {
  const wait = waits.getStore();
  if (!wait || wait.answered) return undefined;
  return wait.until - performance.now();
}

/** Runs `work` outside any request's wait: work a request starts but does not wait for (mail). */
export function outsideRequest<T>(work: () => T): T {
  return waits.exit(work);
}
