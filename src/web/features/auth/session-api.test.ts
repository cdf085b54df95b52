import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import { tokenStore } from '../../api/tokens';
import { checkExistingSession } from './session-api';

const user = { _id: 'u-1', name: 'Rina', email: 'rina@contoh.id' };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A fake API: each path answers with the given status (200 returns the user). The session probe
 * always answers 200: 'in' (the user), 'out' (nobody), 'expired' (nobody, but a refresh cookie).
 */
function server(answers: Record<string, number | 'in' | 'out' | 'expired'>) {
  const calls: string[] = [];
  let refreshed = false;
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    calls.push(path);
    const answer = answers[path] ?? 404;
    if (path === '/api/auth/refresh' && answer === 200) refreshed = true;
    if (answer === 'in' || (answer === 'expired' && refreshed)) return json(200, { user, refreshable: false });
    if (answer === 'out') return json(200, { user: null, refreshable: false });
    if (answer === 'expired') return json(200, { user: null, refreshable: true });
    return answer === 200 ? json(200, { user }) : json(answer, { message: 'x' });
  });
  return { client: createApiClient({ fetch: fetchImpl, onSessionExpired: () => {} }), calls };
}

describe('checkExistingSession (login page on load)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('returns the user when the session probe knows them', async () => {
    const s = server({ '/api/auth/session': 'in' });
    await expect(checkExistingSession(s.client)).resolves.toEqual(user);
    expect(s.calls).toEqual(['/api/auth/session']);
  });

  it('a visitor is signed out without any 401 (no refresh, no profile check)', async () => {
    const s = server({ '/api/auth/session': 'out' });
    await expect(checkExistingSession(s.client)).resolves.toBeNull();
    expect(s.calls).toEqual(['/api/auth/session']);
  });

  it('an expired session with a refresh cookie is renewed once, then known', async () => {
    const s = server({ '/api/auth/session': 'expired', '/api/auth/refresh': 200 });
    await expect(checkExistingSession(s.client)).resolves.toEqual(user);
    expect(s.calls).toEqual(['/api/auth/session', '/api/auth/refresh', '/api/auth/session']);
  });

  it('with a stored token, falls back to /api/user/profile', async () => {
    tokenStore.set({ token: 'stored', refreshToken: 'r' });
    const s = server({ '/api/auth/session': 500, '/api/user/profile': 200 });
    await expect(checkExistingSession(s.client)).resolves.toEqual(user);
    expect(s.calls).toEqual(['/api/auth/session', '/api/user/profile']);
    expect(tokenStore.token).toBe('stored');
  });

  it('removes the stored token when the profile check fails too', async () => {
    tokenStore.set({ token: 'stored', refreshToken: 'r' });
    const s = server({ '/api/auth/session': 'expired', '/api/auth/refresh': 401, '/api/user/profile': 401 });
    await expect(checkExistingSession(s.client)).resolves.toBeNull();
    expect(tokenStore.token).toBeNull();
    expect(tokenStore.refreshToken).toBeNull();
  });
});
