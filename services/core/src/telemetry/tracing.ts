import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

type Env = Record<string, string | undefined>;

/** Requests that are not the product's: probes and scrapes make no traces. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Tracing is on only where an OTLP endpoint is named (the standard OTel variables); otherwise nothing is loaded. */
export function tracingEnabled(env: Env = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT) && env.OTEL_SDK_DISABLED !== 'true';
}

/** `zaytoon-api` for services/api/…/main, `zaytoon-worker` for the worker; OTEL_SERVICE_NAME wins. */
export function serviceName(entry: string, env: Env = process.env): string {
  if (env.OTEL_SERVICE_NAME) return env.OTEL_SERVICE_NAME;
  const service = /services[\\/](api|worker)[\\/]/.exec(entry)?.[1];
  return service ? `zaytoon-${service}` : 'zaytoon';
}

/**
 * Starts the OpenTelemetry SDK: spans of HTTP, Express, pg and ioredis (BullMQ's own come through
 * `jobTelemetry`), exported as OTLP/HTTP JSON. Must run before those modules load: the ESM loader hook
 * (import-in-the-middle, the copy the instrumentations use) is registered first, and tracing.preload.ts
 * runs this from `node --import`.
 */
export async function startTracing(env: Env = process.env, entry = process.argv[1] ?? ''): Promise<{ shutdown(): Promise<void> } | undefined> {
  if (!tracingEnabled(env)) return undefined;
  const packages = createRequire(import.meta.url);
  register(pathToFileURL(packages.resolve('import-in-the-middle/hook.mjs')).href);
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { ExpressInstrumentation }, { PgInstrumentation }, { IORedisInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-express'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
    ]);
  const sdk = new NodeSDK({
    serviceName: serviceName(entry, env),
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]) }),
      new ExpressInstrumentation(),
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return sdk;
}
