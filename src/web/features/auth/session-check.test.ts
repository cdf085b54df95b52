import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import { tokenStore } from '../../api/tokens';
import { checkExistingSession } from './session-check';

const user = { _id: 'u-1', name: 'Rina', email: 'rina@contoh.id' };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fake API: each path answers with the given status (200 returns the user). */
function server(answers: Record<string, number>) {
  const calls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    calls.push(path);
    const status = answers[path] ?? 404;
    return status === 200 ? json(200, { user }) : json(status, { message: 'x' });
  });
  return { client: createApiClient({ fetch: fetchImpl, onSessionExpired: () => {} }), calls };
}

describe('checkExistingSession (login page on load)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('returns the user when /api/auth/me answers', async () => {
    const s = server({ '/api/auth/me': 200 });
    await expect(checkExistingSession(s.client)).resolves.toEqual(user);
    expect(s.calls).toEqual(['/api/auth/me']);
  });

  it('without a stored token, a failed /me means signed out (no profile check)', async () => {
    const s = server({ '/api/auth/me': 401, '/api/auth/refresh': 401 });
    await expect(checkExistingSession(s.client)).resolves.toBeNull();
    expect(s.calls).not.toContain('/api/user/profile');
  });

  it('with a stored token, falls back to /api/user/profile', async () => {
    tokenStore.set({ token: 'stored', refreshToken: 'r' });
    const s = server({ '/api/auth/me': 500, '/api/user/profile': 200 });
    await expect(checkExistingSession(s.client)).resolves.toEqual(user);
    expect(s.calls).toEqual(['/api/auth/me', '/api/user/profile']);
    expect(tokenStore.token).toBe('stored');
  });

  it('removes the stored token when the profile check fails too', async () => {
    tokenStore.set({ token: 'stored', refreshToken: 'r' });
    const s = server({ '/api/auth/me': 401, '/api/auth/refresh': 401, '/api/user/profile': 401 });
    await expect(checkExistingSession(s.client)).resolves.toBeNull();
    expect(tokenStore.token).toBeNull();
    expect(tokenStore.refreshToken).toBeNull();
  });
});
