// OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT is set (OpenTelemetry's own
// variable; OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS and the others are read by the SDK
// itself). Loaded before the portal's code (`node --import ./dist/server/tracing.js`, which
// `npm start` does): the instrumentations must hook http and pg before anything imports them.
// Without the variable this module loads nothing more and costs nothing at start.
//
// Spans: one per request (http), its Fastify hooks and handler (@fastify/otel) and every query
// (pg), sent over OTLP/HTTP in batches. A cluster's primary serves nothing and traces nothing.

// Without an endpoint this file is all that is loaded: not even the module that decides.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
  const { tracingWanted } = await import('./lib/tracing-state.js');
  if (tracingWanted()) await startTracing();
}

async function startTracing(): Promise<void> {
  const { markTracingRuns } = await import('./lib/tracing-state.js');
  const { register } = await import('node:module');
  // The portal is ES modules: their imports are hooked through this loader.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { PgInstrumentation }, fastifyOtel] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@fastify/otel'),
    ]);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || 'tourism-portal',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation(),
      new fastifyOtel.FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  markTracingRuns({ shutdown: () => sdk.shutdown() });
}
