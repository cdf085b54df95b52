import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatePlanRequest, PlanDraftResponse } from '../../../domain/ai-coach/contract';
import { jakartaToday } from '../../../domain/shared/wire-date';
import { users } from '../../db/schema/users';
import { createPlanFollowingRefusals } from '../../test/fixtures/ai-coach';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { judgePlan } from '../../../../scripts/eval/coach-judge';
import { profileForm, runnerProfile } from '../../../../scripts/eval/coach-plans';

const DAY = 24 * 60 * 60 * 1000;
const today = jakartaToday();

/**
 * A second opinion on the plans the API hands out, written apart from the engine's own checker:
 * realistic runners (beginner to advanced, 5K to marathon, now and then a typo) through POST
 * /api/ai/createplan as a runner answers the coach (confirming contradictory inputs, taking the
 * first alternative of a refusal), each final plan judged by a coach's rule set (scripts/eval).
 * `npm run eval:coach` runs the same on 240 runners; this is its slice in CI.
 */
describe('plans from the API, judged by a coach’s rules on realistic runners', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp({ env: { AI_DAILY_QUOTA: '100000', AI_RATE_LIMIT_PER_MINUTE: '1000' } });
    const who = await t.login('juri@contoh.id');
    await t.database.db.update(users).set({ subscriptionStatus: 'active', currentPeriodEnd: new Date(Date.now() + 400 * DAY) }).where(eq(users.id, who.userId));
    headers = who.headers;
  });
  afterAll(() => t.close());

  it('every runner ends with a plan a coach would sign, directly or through an honest refusal', async () => {
    const samples = fc.sample(runnerProfile, { numRuns: 40, seed: 20261124 });
    const outcomes = { planned: 0, refused: 0 };
    for (const p of samples) {
      const form = profileForm(p, today);
      const answers = await createPlanFollowingRefusals(t.app, headers, form);
      const last = answers.at(-1)!;
      expect(last.statusCode, `${JSON.stringify(form)}\n${JSON.stringify(answers.map((a) => a.body.code ?? a.statusCode))}`).toBe(200);
      if (answers.some((a) => a.body.code === 'GOAL_NOT_SAFE')) outcomes.refused += 1;
      else outcomes.planned += 1;
      // The judge reads the final form (an alternative changes fields) and the plan the API returned.
      const plan = last.body as unknown as PlanDraftResponse;
      const finalForm: CreatePlanRequest = { ...form, ...finalFields(answers) };
      expect(judgePlan(finalForm, plan, today), JSON.stringify(finalForm)).toEqual([]);
    }
    // Both paths are walked: most runners get a plan at once, some a refusal with a way on.
    expect(outcomes.planned).toBeGreaterThan(20);
    expect(outcomes.refused).toBeGreaterThan(0);
    // 40 plans through the API, each judged: ~15 s alone, twice that on a loaded 2-core machine.
  }, 120_000);
});

/** The form fields the refusals' first alternatives changed, in order. */
function finalFields(answers: { statusCode: number; body: Record<string, unknown> }[]): Partial<CreatePlanRequest> {
  let fields: Partial<CreatePlanRequest> = {};
  for (const a of answers) {
    if (a.body.code !== 'GOAL_NOT_SAFE') continue;
    const [first] = (a.body.alternatives ?? []) as Record<string, unknown>[];
    if (!first) continue;
    const { kind: _kind, message: _message, ...changed } = first;
    fields = { ...fields, ...(changed as Partial<CreatePlanRequest>) };
  }
  return fields;
}
