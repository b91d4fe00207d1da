// Against a real API and worker run from source as `npm start` runs them (tracing preloaded):
// - one request through the front door (real nginx) to the API and into a BullMQ job on the worker is one trace,
//   received by the OTLP/HTTP receiver this test runs (OTEL_EXPORTER_OTLP_ENDPOINT); a signup queues its mail;
// - the alert rules and the dashboard shipped beside this file parse, and name only metrics the two processes export.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createQueueConnection } from '@zaytoon/core';
import { createMigratedDatabase } from '@zaytoon/core/testing';
import { repoRoot } from '../dev/config';
import { startMailCatcher, type MailCatcher } from '../dev/mail-catcher';
import { waitForHttp } from '../dev/net';
import { serverCommand, withRedisDb } from '../dev/stack';
import { unsupervised, type ManagedProcess } from '../dev/supervisor';
import { ApiClient, eventually } from '../e2e/jobs/api-client';
import { freePort } from '../e2e/support/preview';
import { startTestFrontDoor, type TestFrontDoor } from '../frontdoor/test-front-door';

/** Redis database of this test (npm start 0, browser tests 1, API 2, worker 3, scale 4, bench smoke 5, scale-out 6). */
const TRACING_REDIS_DB = 7;
const SPAN_KIND = { server: 2, producer: 4, consumer: 5 } as const;

interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { spans?: (Omit<ReceivedSpan, 'service' | 'attributes'> & { attributes?: OtlpAttribute[] })[] }[];
  }[];
}

const attributeMap = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, value.stringValue ?? value.intValue ?? value.boolValue]));

/** A collector's OTLP/HTTP endpoint, JSON encoding (what @opentelemetry/exporter-trace-otlp-http sends). */
async function startOtlpReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; close(): Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !String(req.headers['content-type']).startsWith('application/json')) {
        return void res.writeHead(415).end();
      }
      const body = Buffer.concat(chunks);
      const request = JSON.parse((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8')) as OtlpExport;
      for (const resourceSpans of request.resourceSpans ?? []) {
        const service = String(attributeMap(resourceSpans.resource?.attributes)['service.name']);
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) spans.push({ ...span, service, attributes: attributeMap(span.attributes) });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let mail: MailCatcher;
let frontDoor: TestFrontDoor;
let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let uploadDir: string;
let apiMetricsUrl: string;
let workerMetricsUrl: string;
const processes: ManagedProcess[] = [];

beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) throw new Error('DATABASE_URL and REDIS_URL must point at the test services (npm test sets them)');
  receiver = await startOtlpReceiver();
  mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  database = await createMigratedDatabase(databaseUrl, 'tracing_test');
  uploadDir = mkdtempSync(join(tmpdir(), 'zaytoon-tracing-uploads-'));
  const [apiPort, workerMetricsPort] = [await freePort(), await freePort()];
  apiMetricsUrl = `http://127.0.0.1:${apiPort}/metrics`;
  workerMetricsUrl = `http://127.0.0.1:${workerMetricsPort}/metrics`;
  frontDoor = await startTestFrontDoor({ apiUpstreams: [`127.0.0.1:${apiPort}`] });
  const redis = withRedisDb(redisUrl, TRACING_REDIS_DB);
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    REDIS_URL: redis,
    API_PORT: String(apiPort),
    PUBLIC_ORIGIN: new URL(frontDoor.base).origin,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    UPLOAD_DIR: uploadDir,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mail.smtpPort),
    SMTP_SECURE: 'false',
    WORKER_METRICS_PORT: String(workerMetricsPort),
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    // Spans leave within a tenth of a second instead of the default five.
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  const start = (name: 'api' | 'worker') =>
    unsupervised({ name, ...serverCommand(`services/${name}/src/main.ts`), cwd: repoRoot, env, show: () => false });
  const connection = createQueueConnection(redis, 'producer');
  await new Promise((resolve) => connection.once('ready', resolve));
  await connection.flushdb();
  connection.disconnect();
  const api = start('api');
  const worker = start('worker');
  processes.push(api, worker);
  await waitForHttp(`http://127.0.0.1:${apiPort}/healthz`, { timeoutMs: 90_000, abort: api.exited });
  await worker.waitForOutput(/ready: queues/, 90_000);
}, 180_000);

afterAll(async () => {
  await Promise.all(processes.map((proc) => proc.stop(5_000)));
  await frontDoor?.stop();
  await mail?.close();
  await receiver?.close();
  await database?.drop();
  if (uploadDir) rmSync(uploadDir, { recursive: true, force: true });
});

function ancestry(span: ReceivedSpan, spans: ReceivedSpan[]): ReceivedSpan[] {
  const byId = new Map(spans.filter((each) => each.traceId === span.traceId).map((each) => [each.spanId, each]));
  const chain = [span];
  for (let parent = byId.get(span.parentSpanId ?? ''); parent; parent = byId.get(parent.parentSpanId ?? '')) chain.push(parent);
  return chain;
}

describe('tracing (OTLP)', () => {
  it('a signup through the front door is one trace: the API server span, and the worker job span of its mail as a descendant', async () => {
    const client = new ApiClient(frontDoor.base, new URL(frontDoor.base).origin, 15_000);
    const signup = await client.post('/api/auth/signup', {
      email: 'traced@example.com',
      username: 'traced',
      name: 'Traced Member',
      password: 'first-pass-123',
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const requestId = signup.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);

    const jobSpan = await eventually(
      async () =>
        receiver.spans.find(
          (span) =>
            span.service === 'zaytoon-worker' && span.kind === SPAN_KIND.consumer && span.attributes['bullmq.job.name'] === 'send-email-confirmation',
        ),
      30_000,
      'the worker span of the confirmation mail',
    );
    const serverSpan = await eventually(
      async () => ancestry(jobSpan, receiver.spans).find((span) => span.service === 'zaytoon-api' && span.kind === SPAN_KIND.server),
      10_000,
      'the API server span among the job span ancestors',
    );
    const chain = ancestry(jobSpan, receiver.spans);
    expect(chain.map((span) => span.traceId)).toEqual(chain.map(() => serverSpan.traceId));
    expect(chain.some((span) => span.service === 'zaytoon-api' && span.kind === SPAN_KIND.producer)).toBe(true);
    expect(serverSpan.attributes['http.route'] ?? serverSpan.name).toContain('/api/auth/signup');

    // The front door started the trace: its id is the request id nginx logs, and the parent is the door's span id.
    expect(serverSpan.traceId).toBe(requestId);
    expect(serverSpan.parentSpanId).toBe(requestId.slice(0, 16));
    expect(receiver.spans.filter((span) => span.traceId === requestId && span.kind === SPAN_KIND.server)).toEqual([serverSpan]);
  }, 60_000);

  it('each request through the front door is its own trace, named by its request id', async () => {
    const answer = await new ApiClient(frontDoor.base, new URL(frontDoor.base).origin, 15_000).get('/api/auth/me');
    const requestId = answer.headers.get('x-request-id')!;
    const serverSpan = await eventually(
      async () => receiver.spans.find((span) => span.traceId === requestId && span.kind === SPAN_KIND.server),
      10_000,
      `the API server span of trace ${requestId}`,
    );
    expect(serverSpan.service).toBe('zaytoon-api');
    expect(serverSpan.parentSpanId).toBe(requestId.slice(0, 16));
  });
});

const FILES = new URL('./', import.meta.url);
/** Series Prometheus records itself for each scrape target, which no /metrics exports. */
const PROMETHEUS_SERIES = new Set(['up']);
const PROMQL_WORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
  'le',
  'inf',
  'nan',
]);

/** Metric names of a PromQL expression: identifiers that are not functions, label names, keywords, strings or durations. */
export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\$__\w+/g, '')
    .replace(/(?<![\w:])\d[\d.]*(e[+-]?\d+)?/gi, '');
  const names = [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)].filter(([, name, call]) => !call && !PROMQL_WORDS.has(name.toLowerCase()));
  return [...new Set(names.map(([, name]) => name))];
}

/** Every series name a Prometheus text exposition offers: each family, with _bucket/_sum/_count for histograms and summaries. */
function exportedNames(exposition: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram') ['_bucket', '_sum', '_count'].forEach((suffix) => names.add(name + suffix));
    if (type === 'summary') ['_sum', '_count'].forEach((suffix) => names.add(name + suffix));
  }
  return names;
}

interface AlertRule {
  alert: string;
  expr: string;
  for: string;
  labels: { severity: string };
  annotations: { summary: string; description: string };
}

describe('alert rules and dashboard', () => {
  const rules = parseYaml(readFileSync(new URL('prometheus-alerts.yml', FILES), 'utf8')) as { groups: { name: string; rules: AlertRule[] }[] };
  const alerts = rules.groups.flatMap((group) => group.rules);
  const dashboard = JSON.parse(readFileSync(new URL('grafana-dashboard.json', FILES), 'utf8')) as {
    uid: string;
    title: string;
    panels: { type: string; title: string; targets?: { expr: string }[] }[];
  };
  const dashboardExprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
  const scrapeJobs = (
    parseYaml(readFileSync(new URL('prometheus.yml', FILES), 'utf8')) as { scrape_configs: { job_name: string }[] }
  ).scrape_configs.map((config) => config.job_name);

  it('the metric names of an expression are found', () => {
    expect(metricNames('sum by (queue, le) (rate(worker_job_duration_seconds_bucket{outcome="completed"}[15m])) > 60')).toEqual([
      'worker_job_duration_seconds_bucket',
    ]);
    expect(metricNames('max(bullmq_jobs{state="waiting"}) > 0 and max(bullmq_jobs{state="active"}) == 0')).toEqual(['bullmq_jobs']);
    expect(metricNames('up{job="zaytoon-api"} == 0')).toEqual(['up']);
    expect(metricNames('max by (job, instance) (process_resident_memory_bytes) > 700e6')).toEqual(['process_resident_memory_bytes']);
  });

  it('every alert rule has a name, an expression, a duration, a severity and its words', () => {
    expect(alerts.length).toBeGreaterThan(5);
    expect(new Set(alerts.map((rule) => rule.alert)).size).toBe(alerts.length);
    for (const rule of alerts) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^Zaytoon[A-Z][A-Za-z]+$/);
      expect(rule.expr.trim(), rule.alert).not.toBe('');
      expect(metricNames(rule.expr).length, rule.alert).toBeGreaterThan(0);
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(['critical', 'warning'], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      expect(rule.annotations.description, rule.alert).toBeTruthy();
      for (const job of rule.expr.matchAll(/job="([^"]+)"/g)) expect(scrapeJobs, rule.alert).toContain(job[1]);
    }
  });

  it('the dashboard is a Grafana dashboard whose every panel queries Prometheus', () => {
    expect(dashboard.uid).toBe('zaytoon-overview');
    const graphs = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(graphs.length).toBeGreaterThan(5);
    for (const panel of graphs) expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
  });

  it('every metric the rules and the dashboard name is one the API or the worker exports', async () => {
    const scrape = async (url: string) => {
      const answer = await fetch(url);
      expect(answer.status, url).toBe(200);
      return answer.text();
    };
    const exported = new Set([...exportedNames(await scrape(apiMetricsUrl)), ...exportedNames(await scrape(workerMetricsUrl)), ...PROMETHEUS_SERIES]);
    const named = [...alerts.map((rule) => rule.expr), ...dashboardExprs].flatMap(metricNames);
    expect(named).toContain('worker_job_duration_seconds_bucket');
    expect(named).toContain('http_request_duration_seconds_count');
    expect(named.filter((name) => !exported.has(name))).toEqual([]);
  });
});
