import pino from 'pino';

// The log goes to standard output from a worker thread of its own (pino's transport to `pino/file`),
// so the event loop never waits for a write: it hands each line to the thread through shared
// memory. A synchronous write per line (pino's default) stopped every answer whenever the reader
// of the output (a pipe to a log collector) fell behind. Pino's asynchronous destination in this
// thread would not stop it either, but it lost lines when the process exited while the pipe was
// full (seen here: whole lines missing and others cut, after a paused reader). With the thread,
// pino waits at exit until the thread has written every line: a close (SIGTERM), a crash (an
// uncaught error, after its own line) and process.exit keep every line; only SIGKILL loses what is
// in flight. A line costs CPU all the same: `npm run bench -- --only log` shows it per answer.

let stdout: pino.DestinationStream | undefined;

/**
 * The process's one standard output for its loggers (a test builds several apps in one process);
 * none at the `silent` level, which writes nothing.
 */
export function logDestination(level: string): pino.DestinationStream | undefined {
  if (level === 'silent') return undefined;
  stdout ??= pino.transport({ target: 'pino/file', options: { destination: 1 } });
  return stdout;
}
