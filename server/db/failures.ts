/**
 * Failures that mean the database cannot be reached or cannot answer now (stopped, restarting,
 * unreachable, frozen, out of connections), as opposed to a bug in a query. They answer 503 with
 * Retry-After and go to the log once per kind and interval, without a stack trace: the visitor can
 * try again shortly, and the operator needs one line, not one per request.
 */

/** Node's network error codes for a server that is down or unreachable. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for "not now": connection exceptions (class 08), shutdown and start-up
 * (57P01-57P03), a query cancelled by a timeout (57014), too many connections (53300) and a
 * standby asked to write during a failover (25006).
 */
const unavailableStates = /^(08...|57P0[1-3]|57014|53300|25006)$/;

/**
 * What node-postgres and its pool say when the connection fails, times out or was closed, and what
 * Kysely says once the database was closed under a request that still runs (a server closing):
 * that request gets a 503 to try again, not a 500.
 */
const driverMessages =
  /^(timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end|driver has already been destroyed)/;

/** The error itself or the one it wraps (`cause`, AggregateError) that says the database is unavailable. */
export function unavailableCause(err: unknown): Error | undefined {
  if (!(err instanceof Error)) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (networkCodes.has(code) || unavailableStates.test(code))) return err;
  if (driverMessages.test(err.message)) return err;
  if (err instanceof AggregateError) {
    for (const inner of err.errors) {
      const found = unavailableCause(inner);
      if (found) return found;
    }
  }
  return err.cause !== err ? unavailableCause(err.cause) : undefined;
}

export const isDatabaseUnavailable = (err: unknown): boolean => unavailableCause(err) !== undefined;

/** A short name for the kind of failure: the error code, or the driver's message without details. */
export function failureKind(err: Error): string {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code) return code;
  return driverMessages.exec(err.message)?.[0] ?? err.message.slice(0, 60);
}

export type FailureWriter = (line: string) => void;

/**
 * Writes the first failure of a kind at once, then at most one line per kind per interval, with
 * how many failures of that kind the interval saw.
 */
export class FailureLog {
  private readonly kinds = new Map<string, { writtenAt: number; since: number }>();

  constructor(
    private write: FailureWriter,
    private readonly intervalMs = 60_000,
  ) {}

  /** Where the lines go (the app's logger once there is one). */
  writeTo(write: FailureWriter): void {
    this.write = write;
  }

  note(err: Error, what = 'database unavailable'): void {
    const kind = `${what}|${failureKind(err)}`;
    const now = Date.now();
    const seen = this.kinds.get(kind);
    if (!seen) {
      this.kinds.set(kind, { writtenAt: now, since: 0 });
      this.write(`${what}: ${err.message}`);
      return;
    }
    seen.since++;
    if (now - seen.writtenAt < this.intervalMs) return;
    const seconds = Math.round((now - seen.writtenAt) / 1000);
    this.write(
      seen.since > 1
        ? `${what}: ${err.message} (${seen.since} times in the last ${seconds} s)`
        : `${what}: ${err.message}`,
    );
    seen.writtenAt = now;
    seen.since = 0;
  }
}
