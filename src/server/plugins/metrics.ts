import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { routeLabel } from './request-context';

/**
 * What the server counts for Prometheus (issue 29 §3, decision 055). Each app has its own registry
 * (several apps in one test process must not share counters). Counters here are this process's
 * events since it started — Prometheus sums them over the servers; what the servers share (the jobs
 * table, the mail outbox, the pool) is read at scrape time by the metrics feature, never kept here.
 * With METRICS_TOKEN unset nothing is counted and `/metrics` answers 404.
 */
export interface AppMetrics {
  readonly enabled: boolean;
  /** The app's own registry; null when metrics are off. */
  readonly registry: Registry | null;
  /** A payment gateway notification, by its outcome (`applied`, `duplicate`, `forged`…). */
  paymentNotification(result: string): void;
  /** One call to an AI adapter (`engine`, `gemini`…), by operation and result (`ok` or the failure kind). */
  aiCall(adapter: string, operation: string, result: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics (plugins/metrics.ts): count events here; `/metrics` serves them. */
    metrics: AppMetrics;
  }
}

const noMetrics: AppMetrics = {
  enabled: false,
  registry: null,
  paymentNotification: () => {},
  aiCall: () => {},
};

/** Seconds: most API answers are a few ms; registrations through a gateway and AI calls take seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(enabled: boolean): AppMetrics {
  if (!enabled) return noMetrics;
  const registry = new Registry();
  // Process metrics (CPU, memory, event loop lag, GC) only where they are scraped: each call adds observers.
  collectDefaultMetrics({ register: registry });
  const payments = new Counter({
    name: 'derap_payment_notifications_total',
    help: 'Payment gateway notifications received by this process, by outcome',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const ai = new Counter({
    name: 'derap_ai_calls_total',
    help: 'Calls to the AI adapters (coach and schedule reader) by this process, by adapter, operation and result',
    labelNames: ['adapter', 'operation', 'result'] as const,
    registers: [registry],
  });
  return {
    enabled: true,
    registry,
    paymentNotification: (result) => payments.inc({ result }),
    aiCall: (adapter, operation, result) => ai.inc({ adapter, operation, result }),
  };
}

/** Decorates `app.metrics` and counts every answered request by route pattern, method and status. */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { metrics: AppMetrics }) => {
    const { metrics } = opts;
    app.decorate('metrics', metrics);
    if (!metrics.registry) return;
    const registers = [metrics.registry];
    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new Counter({ name: 'derap_http_requests_total', help: 'HTTP requests answered by this process', labelNames, registers });
    const duration = new Histogram({
      name: 'derap_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, from receiving it to the last byte handed to the socket',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers,
    });
    const refused = new Counter({
      name: 'derap_rate_limit_refusals_total',
      help: 'Requests refused with 429 (a rate limit or a quota) by this process, by route',
      labelNames: ['route'] as const,
      registers,
    });
    app.addHook('onResponse', async (request, reply) => {
      const route = routeLabel(request);
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      if (reply.statusCode === 429) refused.inc({ route });
    });
  },
  { name: 'metrics' },
);
