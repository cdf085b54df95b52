import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PREMIUM_REQUIRED_MESSAGE, type SubscriptionStatus } from '../../../domain/subscriptions/subscription';
import { users } from '../../db/schema/users';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Spec §5: AI features need active or trialing. Every /api/ai route in the API document, present
 * and future, answers the spec's message unless the caller has access right now.
 */
describe('premium access to /api/ai', () => {
  let t: TestApp;
  let aiRoutes: { method: string; path: string }[];
  beforeAll(async () => {
    t = await buildTestApp();
    const doc = json<{ paths: Record<string, Record<string, unknown>> }>(await t.app.inject({ method: 'GET', url: '/api/docs/json' }));
    aiRoutes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/ai/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path: path.replace(/\{[^}]+\}/g, 'x') })));
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  async function runner(status: SubscriptionStatus, periodEnd: Date | null) {
    const who = await t.login(`${status}.${periodEnd?.getTime() ?? 'none'}@contoh.id`);
    await t.database.db.update(users).set({ subscriptionStatus: status, currentPeriodEnd: periodEnd }).where(eq(users.id, who.userId));
    return who.headers;
  }

  it('finds the AI routes', () => {
    expect(aiRoutes.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/ai/access');
  });

  it.each([
    ['none', null],
    ['past_due', new Date(Date.now() - DAY)],
    ['canceled', new Date(Date.now() + DAY)],
    ['incomplete', new Date(Date.now() + DAY)],
    // the lifecycle job has not got to it yet: the period end decides
    ['active', new Date(Date.now() - 1000)],
    ['trialing', new Date(Date.now() - 1000)],
  ] as const)('refuses %s (period end %s) on every AI route with the spec message', async (status, end) => {
    const headers = await runner(status, end);
    for (const r of aiRoutes) {
      const res = await t.app.inject({ method: r.method as 'POST', url: r.path, headers, payload: r.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.path}`).toBe(403);
      expect(json(res)).toMatchObject({ message: PREMIUM_REQUIRED_MESSAGE, code: 'PREMIUM_REQUIRED' });
    }
  });

  it.each([['active'], ['trialing']] as const)('opens to %s within the period', async (status) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ai/access', headers: await runner(status, new Date(Date.now() + DAY)) });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ access: true, subscription_status: status });
  });

  it('reads the status from the database on every request, not from the token', async () => {
    const headers = await runner('active', new Date(Date.now() + DAY));
    expect((await t.app.inject({ method: 'GET', url: '/api/ai/access', headers })).statusCode).toBe(200);
    await t.database.db.update(users).set({ subscriptionStatus: 'past_due' });
    expect((await t.app.inject({ method: 'GET', url: '/api/ai/access', headers })).statusCode).toBe(403);
  });
});
