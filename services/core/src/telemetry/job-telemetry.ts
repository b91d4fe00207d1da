import { ProxyTracerProvider, trace } from '@opentelemetry/api';
import { BullMQOtel } from 'bullmq-otel';
import { tracingEnabled } from './tracing';

/**
 * BullMQ's telemetry for a Queue or Worker when tracing is on: adding a job records a producer span and
 * carries its context in the job (`opts.telemetry.metadata`), and the worker's span of the job is its child.
 */
export function jobTelemetry(env: Record<string, string | undefined> = process.env): BullMQOtel | undefined {
  return tracingEnabled(env) ? new BullMQOtel({ tracerName: 'zaytoon-jobs' }) : undefined;
}

/** Sends the spans still buffered (before a process exits); nothing when tracing is off. */
export async function flushTraces(timeoutMs = 2_000): Promise<void> {
  const provider = trace.getTracerProvider();
  const delegate: object = provider instanceof ProxyTracerProvider ? provider.getDelegate() : provider;
  if (!('forceFlush' in delegate) || typeof delegate.forceFlush !== 'function') return;
  const flushed = (delegate.forceFlush as () => Promise<void>).call(delegate).catch(() => {});
  await Promise.race([flushed, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}
