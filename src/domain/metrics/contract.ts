/** The metrics' contract (GET /metrics, issue 29 §3): Prometheus' text exposition format. Pure. */
import { z } from 'zod';

export const METRICS_PATH = '/metrics';

export const metricsTextSchema = z
  .string()
  .describe('Prometheus text exposition format (version 0.0.4): `# HELP`, `# TYPE` and one sample per line');
