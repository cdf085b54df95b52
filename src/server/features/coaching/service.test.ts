import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachConnections } from '../../db/schema/coaching';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { liveConnection, requireLiveConnection } from './service';

describe('the coaching access rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('gives a coach access only through a live connection of their own, and takes it away when it ends', async () => {
    const coach = await t.login('pelatih.akses@contoh.id', 'coach');
    const other = await t.login('pelatih.lain@contoh.id', 'coach');
    const runner = await t.login('pelari.akses@contoh.id', 'runner');
    expect(await liveConnection(t.database.db, coach.userId, runner.userId)).toBeNull();

    const made = await t.app.inject({ method: 'POST', url: '/api/dev/coaching/connections', headers: coach.headers, payload: { runnerEmail: 'PELARI.AKSES@contoh.id', weeks: 2 } });
    expect(made.statusCode).toBe(201);
    const { _id } = made.json() as { _id: string };
    expect((await liveConnection(t.database.db, coach.userId, runner.userId))?.id).toBe(_id);
    expect(await liveConnection(t.database.db, other.userId, runner.userId)).toBeNull();
    // Two weeks from today: live on the last day, gone the day after.
    const [row] = await t.database.db.select().from(coachConnections).where(eq(coachConnections.id, _id));
    expect(await liveConnection(t.database.db, coach.userId, runner.userId, row!.endDate!)).not.toBeNull();
    const dayAfter = new Date(`${row!.endDate!}T00:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    expect(await liveConnection(t.database.db, coach.userId, runner.userId, dayAfter.toISOString().slice(0, 10))).toBeNull();

    await t.database.db.update(coachConnections).set({ status: 'ended', endedAt: new Date() }).where(eq(coachConnections.id, _id));
    await expect(requireLiveConnection(t.database.db, coach.userId, runner.userId)).rejects.toMatchObject({ message: 'Pelari ini tidak terhubung dengan Anda atau masa paketnya sudah berakhir.' });
  });

  it('refuses the development shortcut to runners and unknown emails', async () => {
    const runner = await t.login('pelari.pintas@contoh.id', 'runner');
    const coach = await t.login('pelatih.pintas@contoh.id', 'coach');
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/coaching/connections', headers: runner.headers, payload: { runnerEmail: 'pelari.pintas@contoh.id' } })).statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/dev/coaching/connections', headers: coach.headers, payload: { runnerEmail: 'tidak.ada@contoh.id' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('belum terdaftar di Derap');
  });
});
