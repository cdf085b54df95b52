import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAST_DUE_GRACE_DAYS } from '../../../domain/subscriptions/subscription';
import { mailOutbox } from '../../db/schema/infra';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { runSubscriptionLifecycle } from './service';

const DAY = 24 * 60 * 60 * 1000;

/** The lifecycle job (decision 013): lapse at the period end, none after the grace, one reminder 3 days before. */
describe('subscription lifecycle job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const now = new Date('2027-03-01T05:00:00.000Z');
  const deps = () => ({ db: t.database.db, mail: t.app.mail, publicUrl: t.config.publicUrl });
  const status = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const reminders = () => t.database.db.select().from(mailOutbox).where(like(mailOutbox.topic, 'subscription-reminder:%'));

  async function runner(email: string, patch: Partial<typeof users.$inferInsert>) {
    const { userId } = await t.login(email);
    await t.database.db.update(users).set(patch).where(eq(users.id, userId));
    return userId;
  }

  it('moves ended trials and plans to past_due, stopped plans to canceled, and leaves running ones', async () => {
    const trial = await runner('trial@contoh.id', { subscriptionStatus: 'trialing', currentPeriodEnd: new Date(now.getTime() - 1000) });
    const paid = await runner('paid@contoh.id', { subscriptionStatus: 'active', currentPeriodEnd: now });
    const stopped = await runner('stopped@contoh.id', { subscriptionStatus: 'active', currentPeriodEnd: new Date(now.getTime() - DAY), cancelAtPeriodEnd: true });
    const running = await runner('running@contoh.id', { subscriptionStatus: 'active', currentPeriodEnd: new Date(now.getTime() + 10 * DAY) });

    expect(await runSubscriptionLifecycle(deps(), now)).toEqual({ lapsed: 3, cleared: 0, reminded: 0 });
    expect((await status(trial)).subscriptionStatus).toBe('past_due');
    expect((await status(paid)).subscriptionStatus).toBe('past_due');
    expect(await status(stopped)).toMatchObject({ subscriptionStatus: 'canceled', cancelAtPeriodEnd: false });
    expect((await status(running)).subscriptionStatus).toBe('active');
    // the period end stays: it is what locks AI runs dated after it
    expect((await status(paid)).currentPeriodEnd).toEqual(now);
  });

  it(`turns past_due into none after ${PAST_DUE_GRACE_DAYS} days`, async () => {
    const recent = await runner('recent@contoh.id', { subscriptionStatus: 'past_due', currentPeriodEnd: new Date(now.getTime() - (PAST_DUE_GRACE_DAYS * DAY - 1000)) });
    const old = await runner('old@contoh.id', { subscriptionStatus: 'past_due', currentPeriodEnd: new Date(now.getTime() - PAST_DUE_GRACE_DAYS * DAY) });
    expect(await runSubscriptionLifecycle(deps(), now)).toMatchObject({ cleared: 1 });
    expect((await status(recent)).subscriptionStatus).toBe('past_due');
    expect((await status(old)).subscriptionStatus).toBe('none');
  });

  it('sends one reminder per period end, 3 days ahead, and none to stopped plans', async () => {
    const soon = await runner('soon@contoh.id', { subscriptionStatus: 'trialing', currentPeriodEnd: new Date(now.getTime() + 2 * DAY) });
    await runner('far@contoh.id', { subscriptionStatus: 'active', currentPeriodEnd: new Date(now.getTime() + 4 * DAY) });
    await runner('stopped@contoh.id', { subscriptionStatus: 'active', currentPeriodEnd: new Date(now.getTime() + DAY), cancelAtPeriodEnd: true });
    expect(await runSubscriptionLifecycle(deps(), now)).toMatchObject({ reminded: 1 });
    expect(await runSubscriptionLifecycle(deps(), new Date(now.getTime() + 3600_000))).toMatchObject({ reminded: 0 });
    const sent = await reminders();
    expect(sent.map((m) => m.to)).toEqual(['soon@contoh.id']);
    expect(sent[0]!.subject).toBe('Masa percobaan Derap Anda segera berakhir');

    // A renewal moves the end: the new end gets its own reminder when it comes near.
    const renewedEnd = new Date(now.getTime() + 32 * DAY);
    await t.database.db.update(users).set({ subscriptionStatus: 'active', currentPeriodEnd: renewedEnd }).where(eq(users.id, soon));
    expect(await runSubscriptionLifecycle(deps(), new Date(renewedEnd.getTime() - 2 * DAY))).toMatchObject({ reminded: 1 });
    expect(await reminders()).toHaveLength(2);
  });

  it('does nothing twice when run twice, or on two servers at once', async () => {
    for (let i = 0; i < 6; i++) await runner(`r${i}@contoh.id`, { subscriptionStatus: 'active', currentPeriodEnd: new Date(now.getTime() - i * 1000) });
    await runner('soon@contoh.id', { subscriptionStatus: 'active', currentPeriodEnd: new Date(now.getTime() + DAY) });
    const results = await Promise.all([runSubscriptionLifecycle(deps(), now), runSubscriptionLifecycle(deps(), now)]);
    expect(results.reduce((n, r) => n + r.lapsed, 0)).toBe(6);
    expect(results.reduce((n, r) => n + r.reminded, 0)).toBe(1);
    expect(await runSubscriptionLifecycle(deps(), now)).toEqual({ lapsed: 0, cleared: 0, reminded: 0 });
    expect(await reminders()).toHaveLength(1);
  });

  it('runs as the durable job subscriptions.lifecycle', async () => {
    const id = await runner('trial@contoh.id', { subscriptionStatus: 'trialing', currentPeriodEnd: new Date(Date.now() - 1000) });
    await t.app.jobs.runDue(new Date());
    expect((await status(id)).subscriptionStatus).toBe('past_due');
  });
});
