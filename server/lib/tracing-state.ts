import cluster from 'node:cluster';
import os from 'node:os';

// Whether this process sends traces (server/tracing.ts starts them, before the portal's code) and
// how the server ends them: a module without side effects, for the server to import.

/** Where the running SDK is kept, between the preloaded module and the server. */
const running = Symbol.for('portal.tracing');
type Running = { shutdown(): Promise<void> };
const slot = globalThis as Record<symbol, Running | undefined>;

/** Whether traces are to be sent from this process: an endpoint is set, and it serves requests. */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED === 'true') return false;
  // a cluster's primary serves nothing
  const workers = env.WORKERS === 'auto' ? os.availableParallelism() : Number(env.WORKERS || 1);
  return !(cluster.isPrimary && workers > 1);
}

export function markTracingRuns(sdk: Running): void {
  slot[running] = sdk;
}

/** Whether the SDK runs in this process. */
export function tracingRuns(): boolean {
  return slot[running] !== undefined;
}

/** Sends the spans not sent yet and stops the SDK (as a process closes); nothing without it. */
export async function shutdownTracing(): Promise<void> {
  await slot[running]?.shutdown().catch(() => {});
}
