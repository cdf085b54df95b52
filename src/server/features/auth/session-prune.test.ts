import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authSessions, refreshTokens } from '../../db/schema/auth';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { pruneSessions, REVOKED_SESSION_RETENTION_DAYS } from './service';
import { revokeSession, rotateRefreshToken } from './tokens';

const DAY = 24 * 60 * 60 * 1000;

describe('session upkeep (the auth.prune-sessions job)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const tokensOf = (sessionId: string) => t.database.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId));
  const sessionRow = async (id: string) => (await t.database.db.select().from(authSessions).where(eq(authSessions.id, id)))[0];

  it('keeps live sessions and their used tokens, so a replayed token still revokes its session', async () => {
    const { sessionId, refreshToken } = await t.login('aktif@contoh.id');
    const rotated = await rotateRefreshToken(t.database.db, t.config, refreshToken);
    expect(rotated.ok).toBe(true);

    expect(await pruneSessions(t.database.db, new Date(Date.now() + 2 * DAY))).toEqual({ tokens: 0, sessions: 0 });
    expect(await tokensOf(sessionId)).toHaveLength(2);
    // The used first token is still known: presenting it again after the grace window is reuse, and the session ends.
    await t.database.db.update(refreshTokens).set({ usedAt: new Date(Date.now() - 60_000) }).where(eq(refreshTokens.sessionId, sessionId));
    expect(await rotateRefreshToken(t.database.db, t.config, refreshToken)).toEqual({ ok: false, reason: 'reused' });
    expect((await sessionRow(sessionId))?.revokedAt).toBeInstanceOf(Date);
  });

  it('deletes expired tokens and the sessions they leave without any, once', async () => {
    const { sessionId } = await t.login('lama@contoh.id');
    const afterExpiry = new Date(Date.now() + (t.config.refreshTokenTtlDays + 1) * DAY);

    expect(await pruneSessions(t.database.db, afterExpiry)).toEqual({ tokens: 1, sessions: 1 });
    expect(await sessionRow(sessionId)).toBeUndefined();
    expect(await pruneSessions(t.database.db, afterExpiry)).toEqual({ tokens: 0, sessions: 0 });
  });

  it('keeps a revoked session for the record until its retention is over', async () => {
    const { sessionId } = await t.login('keluar@contoh.id');
    await revokeSession(t.database.db, sessionId, 'logout');
    const soon = new Date(Date.now() + (REVOKED_SESSION_RETENTION_DAYS - 1) * DAY);
    expect((await pruneSessions(t.database.db, soon)).sessions).toBe(0);
    expect(await sessionRow(sessionId)).toMatchObject({ revokedReason: 'logout' });

    const later = new Date(Date.now() + (REVOKED_SESSION_RETENTION_DAYS + 1) * DAY);
    expect((await pruneSessions(t.database.db, later)).sessions).toBe(1);
    expect(await sessionRow(sessionId)).toBeUndefined();
  });

  it('is one of the named jobs', () => {
    expect(t.app.jobs.definitions.get('auth.prune-sessions')?.every).toBeGreaterThan(0);
  });
});
