import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerReq: number;
}

/** autocannon at `connections` for `seconds`, as a browser asks (gzip). */
export async function load(
  url: string,
  options: { connections?: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const r = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.seconds,
    headers: { 'accept-encoding': 'gzip', ...options.headers },
  });
  // No answer within the run: report the run's length as the latency, not 0.
  const none = r.requests.total === 0;
  return {
    rps: Math.round(r.requests.average),
    p50: none ? options.seconds * 1000 : r.latency.p50,
    p99: none ? options.seconds * 1000 : r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    bytesPerReq: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
  };
}
