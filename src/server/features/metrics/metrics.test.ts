import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { jobs, mailOutbox } from '../../db/schema/infra';
import { users } from '../../db/schema/users';
import { AiFailure, type AiCoachPort } from '../../adapters/ai/port';
import { observeAiCoach } from '../../adapters/ai/observed';
import { buildTestApp, testConfig, type TestApp } from '../../test/fixtures/build-test-app';
import { tenKForm } from '../../test/fixtures/ai-coach';
import { insertEvent } from '../../test/fixtures/registrations';
import { postNotification } from '../../test/fixtures/payments';

const TOKEN = 'metrics-token-for-tests-0123456789';
const scrapeHeaders = { authorization: `Bearer ${TOKEN}` };

/** Prometheus' text format, parsed: `name{a="1",b="2"}` → value (labels sorted by name). */
function parseMetrics(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels = [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => `${k}="${v}"`).sort();
    samples.set(labels.length ? `${m[1]}{${labels.join(',')}}` : m[1]!, Number(m[3]));
  }
  return samples;
}

async function scrape(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders });
  expect(res.statusCode, res.body).toBe(200);
  return parseMetrics(res.body);
}

describe('/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN, AUTH_RATE_LIMIT_PER_MINUTE: '2', PUBLIC_READ_CACHE_SECONDS: '5' } });
  });
  afterAll(() => t.close());

  it('answers 404 while METRICS_TOKEN is unset, and counts nothing', async () => {
    const off = await buildApp({ config: testConfig(), database: await t.openAgain() });
    try {
      const res = await off.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', requestId: res.headers['x-request-id'] });
      expect(off.metrics.registry).toBeNull();
    } finally {
      await off.close();
    }
  });

  it('refuses a missing or wrong token with 401 and serves the text format to the right one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token-123' }, { authorization: TOKEN }, { authorization: `Bearer ${TOKEN}x` }, { authorization: `Basic ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', requestId: expect.any(String) });
      expect(res.body).not.toContain('derap_');
    }
    // A user's session is not the metrics token.
    const { headers } = await t.login('admin.metrics@contoh.id', 'admin');
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers })).statusCode).toBe(401);
    const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toContain('# TYPE derap_http_requests_total counter');
    expect(ok.body).toContain('# TYPE process_cpu_user_seconds_total counter');
  });

  it('counts requests and their latency by route pattern and status, never by raw URL', async () => {
    const before = await scrape(t.app);
    const key = (name: string, labels: string) => `${name}{${labels}}`;
    const health = 'method="GET",route="/api/health",status="200"';
    const missing = 'method="GET",route="/api/events/:code",status="404"';
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/events/kode-rahasia-xyz' });
    await t.app.inject({ method: 'GET', url: '/api/tidak-ada/sama-sekali' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders });
    const after = parseMetrics(res.body);
    const diff = (k: string) => (after.get(k) ?? 0) - (before.get(k) ?? 0);
    expect(diff(key('derap_http_requests_total', health))).toBe(3);
    expect(diff(key('derap_http_request_duration_seconds_count', health))).toBe(3);
    expect(diff(key('derap_http_request_duration_seconds_bucket', `le="+Inf",${health}`))).toBe(3);
    expect(after.get(key('derap_http_request_duration_seconds_sum', health))).toBeGreaterThan(0);
    expect(diff(key('derap_http_requests_total', missing))).toBe(1);
    expect(diff(key('derap_http_requests_total', 'method="GET",route="unmatched",status="404"'))).toBe(1);
    expect(res.body).not.toContain('kode-rahasia-xyz');
    expect(res.body).not.toContain('sama-sekali');
  });

  it('counts rate-limit refusals by route', async () => {
    const refresh = () => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {}, remoteAddress: '10.9.9.9' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await refresh()).statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const m = await scrape(t.app);
    expect(m.get('derap_rate_limit_refusals_total{route="/api/auth/refresh"}')).toBe(2);
    expect(m.get('derap_http_requests_total{method="POST",route="/api/auth/refresh",status="429"}')).toBe(2);
  });

  it('counts payment notifications by result', async () => {
    await postNotification(t, { order_id: 'ORDER-1', status_code: '200', gross_amount: '1000.00', transaction_status: 'settlement', signature_key: 'x'.repeat(128) });
    const m = await scrape(t.app);
    expect(m.get('derap_payment_notifications_total{result="forged"}')).toBe(1);
  });

  it('counts AI calls by adapter, operation and result', async () => {
    const runner = await t.login('pelari.ai.metrics@contoh.id');
    await t.database.db.update(users).set({ subscriptionStatus: 'trialing', currentPeriodEnd: new Date(Date.now() + 7 * 86_400_000) }).where(eq(users.id, runner.userId));
    const res = await t.app.inject({ method: 'POST', url: '/api/ai/createplan', headers: runner.headers, payload: tenKForm() });
    expect(res.statusCode, res.body).toBeLessThan(500);
    const m = await scrape(t.app);
    expect(m.get('derap_ai_calls_total{adapter="engine",operation="createPlan",result="ok"}')).toBe(1);
  });

  it("reports an AI adapter's failure by its kind", async () => {
    const seen: string[] = [];
    const never = () => Promise.reject(new Error('not called'));
    const failing: AiCoachPort = { name: 'gemini', createPlan: () => Promise.reject(new AiFailure('timeout', 'lambat')), chat: () => Promise.reject(new Error('boom')), modify: never, readWorkoutImage: never };
    const port = observeAiCoach(failing, (operation, result) => seen.push(`${operation}:${result}`));
    await expect(port.createPlan({} as never)).rejects.toThrow('lambat');
    await expect(port.chat({} as never)).rejects.toThrow('boom');
    expect(seen).toEqual(['createPlan:timeout', 'chat:error']);
    expect(port.name).toBe('gemini');
  });

  it('counts public cache hits and misses', async () => {
    const { event } = await insertEvent(t);
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: `/api/events/${event.code}` })).statusCode).toBe(200);
    const m = await scrape(t.app);
    expect(m.get('derap_public_cache_lookups_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(m.get('derap_public_cache_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(2);
  });

  it('reads the jobs gauges from the jobs table at scrape time, the same on every server', async () => {
    const now = Date.now();
    const row = (name: string, key: string, over: Partial<typeof jobs.$inferInsert>) => ({ name, key, runAt: new Date(now - 60_000), ...over });
    await t.database.db.insert(jobs).values([
      row('test.mail', 'a', {}),
      row('test.mail', 'b', { runAt: new Date(now - 120_000) }),
      row('test.mail', 'c', { runAt: new Date(now + 3_600_000) }),
      row('test.mail', 'd', { lockedBy: 'other-server', lockedUntil: new Date(now + 60_000) }),
      row('test.mail', 'e', { status: 'failed', lastError: 'x' }),
      row('test.mail', 'f', { status: 'done' }),
    ]);
    const other = await buildApp({ config: testConfig({ METRICS_TOKEN: TOKEN }), database: await t.openAgain() });
    try {
      for (const app of [t.app, other]) {
        const m = await scrape(app);
        const state = (s: string) => m.get(`derap_jobs{name="test.mail",state="${s}"}`);
        expect([state('queued'), state('scheduled'), state('running'), state('failed')]).toEqual([2, 1, 1, 1]);
        expect(m.get('derap_jobs_oldest_queued_seconds{name="test.mail"}')).toBeGreaterThanOrEqual(119);
        // A job this server knows but with no rows is there at 0.
        expect(m.get('derap_jobs{name="jobs.prune",state="failed"}')).toBe(0);
      }
      // The other server's counters are its own: it answered no health checks.
      expect((await scrape(other)).get('derap_http_requests_total{method="GET",route="/api/health",status="200"}')).toBeUndefined();
    } finally {
      await other.close();
      await t.database.db.delete(jobs).where(eq(jobs.name, 'test.mail'));
    }
  });

  it('reads the mail backlog from the outbox: queued only while SMTP sends it, failed always', async () => {
    const mail = (topic: string, status: 'stored' | 'sent' | 'failed') => ({ to: 'a@contoh.id', subject: 's', text: 't', html: 'h', status, topic });
    await t.database.db.insert(mailOutbox).values([mail('m1', 'stored'), mail('m2', 'stored'), mail('m3', 'failed'), mail('m4', 'sent')]);
    const builtIn = await scrape(t.app);
    expect(builtIn.get('derap_mail_outbox{state="queued"}')).toBe(0);
    expect(builtIn.get('derap_mail_outbox{state="failed"}')).toBe(1);
    const smtp = await buildApp({ config: testConfig({ METRICS_TOKEN: TOKEN, SMTP_URL: 'smtp://127.0.0.1:9' }), database: await t.openAgain() });
    try {
      const m = await scrape(smtp);
      expect(m.get('derap_mail_outbox{state="queued"}')).toBe(2);
      expect(m.get('derap_mail_outbox{state="failed"}')).toBe(1);
    } finally {
      await smtp.close();
    }
  });

  it("shows the database: PostgreSQL's pool, or PGlite's kind without one", async () => {
    const m = await scrape(t.app);
    expect(m.get(`derap_database_up{kind="${t.database.kind}"}`)).toBe(1);
    if (t.database.kind === 'postgres') {
      expect(m.get('derap_db_pool_connections{state="max"}')).toBe(20);
      expect(m.get('derap_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(m.has('derap_db_pool_connections{state="waiting"}')).toBe(true);
    } else {
      expect([...m.keys()].some((k) => k.startsWith('derap_db_pool_connections'))).toBe(false);
    }
  });
});
