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
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    bytesPerReq: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
  };
}
