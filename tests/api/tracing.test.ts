// OpenTelemetry traces (server/tracing.ts): the real portal, started with the tracing module
// first as `npm start` does and OTEL_EXPORTER_OTLP_ENDPOINT pointing at a small OTLP/HTTP
// receiver here, sends the spans of a request: the server's http span, Fastify's and the queries'.

import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPortalProcess } from '../helpers/portal-process.js';

interface Span {
  name: string;
  kind: number;
  traceId: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}
interface TraceExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { scope: { name: string }; spans: Span[] }[];
  }[];
}

/** An OTLP/HTTP receiver on 127.0.0.1: keeps what is posted to /v1/traces (JSON). */
async function otlpReceiver() {
  const exports: TraceExport[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        exports.push(JSON.parse(body) as TraceExport);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      } else {
        res.writeHead(404);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const spans = () =>
    exports.flatMap((e) =>
      e.resourceSpans.flatMap((r) =>
        r.scopeSpans.flatMap((s) =>
          s.spans.map((span) => ({
            ...span,
            scope: s.scope.name,
            service: r.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue,
            attribute: (key: string) => {
              const v = span.attributes.find((a) => a.key === key)?.value;
              return v ? Object.values(v)[0] : undefined;
            },
          })),
        ),
      ),
    );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('OpenTelemetry traces', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => {});
  });

  it('sends the spans of a request to OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const receiver = await otlpReceiver();
    cleanup.push(receiver.close);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-tracing-'));
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const portal = await startPortalProcess(
      {
        DATA_DIR: dataDir,
        SEED_ON_START: 'false',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: 'portal-under-test',
        // send each batch at once, not every 5 s
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      { preload: ['server/tracing.ts'] },
    );
    cleanup.push(async () => portal.child.kill('SIGKILL'));
    expect(portal.output()).not.toMatch(/no traces/);

    const r = await fetch(`${portal.base}/api/news/?limit=1`);
    expect(r.status).toBe(200);
    const deadline = Date.now() + 20_000;
    const forTheRequest = () =>
      receiver.spans().filter((s) => s.kind === 2 && s.attribute('http.route') === '/api/news/');
    while (!forTheRequest().length && Date.now() < deadline) await new Promise((res) => setTimeout(res, 100));
    const [server] = forTheRequest();
    expect(server, JSON.stringify(receiver.spans().map((s) => [s.scope, s.name]))).toBeDefined();
    expect(server?.service).toBe('portal-under-test');
    // the same trace has Fastify's spans (the handler) and the database's queries
    const sameTrace = () => receiver.spans().filter((s) => s.traceId === server?.traceId);
    while (!sameTrace().some((s) => s.scope.includes('pg')) && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 100));
    }
    const scopes = new Set(sameTrace().map((s) => s.scope));
    expect([...scopes]).toEqual(
      expect.arrayContaining([
        '@opentelemetry/instrumentation-http',
        '@fastify/otel',
        '@opentelemetry/instrumentation-pg',
      ]),
    );
    portal.child.kill('SIGTERM');
    expect(await portal.closed).toBe(0);
  }, 120_000);
});
