import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './client';
import { tokenStore } from './tokens';

/** A fake server: /api/auth/refresh answers after a delay; other paths need the "current" token. */
function fakeServer(opts: { refreshOk: boolean; refreshDelayMs?: number }) {
  let current = 'not-yet-issued'; // the stored 'old' token has expired
  const calls: { path: string; auth: string | null }[] = [];
  let refreshCalls = 0;
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const auth = new Headers(init?.headers).get('authorization');
    calls.push({ path, auth });
    if (path === '/api/auth/refresh') {
      refreshCalls++;
      await new Promise((r) => setTimeout(r, opts.refreshDelayMs ?? 10));
      if (!opts.refreshOk) return json(401, { message: 'Sesi Anda telah berakhir. Silakan masuk lagi.' });
      current = `new-${refreshCalls}`;
      return json(200, { token: current, refreshToken: `r-${refreshCalls}` });
    }
    if (auth !== `Bearer ${current}`) return json(401, { message: 'unauthorized' });
    return json(200, { path });
  });
  return { fetchImpl, calls, refreshCount: () => refreshCalls };
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('api client refresh queue', () => {
  beforeEach(() => {
    localStorage.clear();
    tokenStore.set({ token: 'old', refreshToken: 'r-0' });
  });
  afterEach(() => localStorage.clear());

  it('refreshes once for many concurrent 401s and retries each with the new token', async () => {
    const server = fakeServer({ refreshOk: true, refreshDelayMs: 30 });
    const onSessionExpired = vi.fn();
    const client = createApiClient({ fetch: server.fetchImpl as typeof fetch, onSessionExpired });
    const paths = ['/api/a', '/api/b', '/api/c', '/api/d', '/api/e'];
    const results = await Promise.all(paths.map((p) => client.get<{ path: string }>(p)));
    expect(results.map((r) => r.path)).toEqual(paths);
    expect(server.refreshCount()).toBe(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
    // every retry carried the refreshed token, and the new pair was stored
    const retries = server.calls.filter((c) => c.path !== '/api/auth/refresh' && c.auth === 'Bearer new-1');
    expect(retries).toHaveLength(paths.length);
    expect(tokenStore.token).toBe('new-1');
    expect(tokenStore.refreshToken).toBe('r-1');
  });

  it('clears the session once refreshing fails, and rejects every waiting request', async () => {
    const server = fakeServer({ refreshOk: false });
    const onSessionExpired = vi.fn(() => tokenStore.clear());
    const client = createApiClient({ fetch: server.fetchImpl as typeof fetch, onSessionExpired });
    const outcomes = await Promise.allSettled([client.get('/api/a'), client.get('/api/b'), client.get('/api/c')]);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect((outcomes[0] as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
    expect(server.refreshCount()).toBe(1);
    expect(onSessionExpired).toHaveBeenCalled();
    expect(tokenStore.token).toBeNull();
  });

  it('never tries to refresh for the refresh call itself', async () => {
    const server = fakeServer({ refreshOk: false });
    const client = createApiClient({ fetch: server.fetchImpl as typeof fetch, onSessionExpired: vi.fn() });
    await expect(client.post('/api/auth/refresh', {})).rejects.toBeInstanceOf(ApiError);
    expect(server.refreshCount()).toBe(1); // the call itself, no second refresh
  });

  it('retries a request only once even if the retry is also refused', async () => {
    let refreshes = 0;
    const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === '/api/auth/refresh') {
        refreshes++;
        return json(200, { token: 't', refreshToken: 'r' });
      }
      return json(401, { message: 'no' });
    });
    const onSessionExpired = vi.fn();
    const client = createApiClient({ fetch: fetchImpl as typeof fetch, onSessionExpired });
    await expect(client.get('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(refreshes).toBe(1);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('reads an image that needs the session as a Blob, refreshing an expired session first', async () => {
    let current = 'not-yet-issued';
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/auth/refresh') {
        current = 'fresh';
        return json(200, { token: current, refreshToken: 'r-1' });
      }
      if (new Headers(init?.headers).get('authorization') !== `Bearer ${current}`) return json(401, { message: 'unauthorized' });
      return new Response(png, { status: 200, headers: { 'content-type': 'image/png' } });
    });
    const client = createApiClient({ fetch: fetchImpl as typeof fetch });
    const blob = await client.blob('/api/runner-registrations/x/payment-proof');
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(png);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('surfaces the server message on other errors', async () => {
    const fetchImpl = vi.fn(async () => json(403, { message: 'Anda tidak memiliki akses ke fitur ini.', code: 'FORBIDDEN' }));
    const client = createApiClient({ fetch: fetchImpl as typeof fetch });
    await expect(client.get('/api/admin/users')).rejects.toMatchObject({
      status: 403,
      message: 'Anda tidak memiliki akses ke fitur ini.',
      code: 'FORBIDDEN',
    });
  });
});

describe('api client and the calls the served HTML preloaded', () => {
  afterEach(() => document.head.querySelectorAll('link[as="fetch"]').forEach((l) => l.remove()));

  it('lets the first GET of a preloaded call take the browser copy, and asks the server again for every other GET', async () => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'fetch');
    link.href = '/api/eventcalendar?page=1&limit=20';
    document.head.append(link);
    const seen: { path: string; cache: RequestCache | undefined; method: string | undefined }[] = [];
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ path: String(input), cache: init?.cache, method: init?.method });
      return json(200, {});
    });
    const client = createApiClient({ fetch: fetchImpl as unknown as typeof fetch });
    await client.get('/api/eventcalendar?page=1&limit=20');
    await client.get('/api/eventcalendar?page=1&limit=20');
    await client.get('/api/events/status?status=diterima');
    await client.post('/api/eventcalendar', { eventname: 'x' });
    expect(seen).toEqual([
      { path: '/api/eventcalendar?page=1&limit=20', cache: undefined, method: 'GET' },
      { path: '/api/eventcalendar?page=1&limit=20', cache: 'no-cache', method: 'GET' },
      { path: '/api/events/status?status=diterima', cache: 'no-cache', method: 'GET' },
      { path: '/api/eventcalendar', cache: undefined, method: 'POST' },
    ]);
  });
});
