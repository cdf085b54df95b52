import { describe, expect, it, vi } from 'vitest';
import {
  appLinks,
  authSuccessMessages,
  authSuccessPath,
  mobileGoogleHref,
  openAppFallback,
  parseAuthSuccessQuery,
  type AppOpener,
} from './app-handoff';

const user = { _id: 'u-1', email: 'rina@contoh.id', name: 'Rina' };
const q = (o: Record<string, string>) => `?${new URLSearchParams(o).toString()}`;

describe('parseAuthSuccessQuery', () => {
  it('succeeds with token, refreshToken and a user object carrying _id and email', () => {
    const r = parseAuthSuccessQuery(q({ token: 't', refreshToken: 'r', user: JSON.stringify(user) }));
    expect(r).toEqual({ status: 'success', payload: { token: 't', refreshToken: 'r', userJson: JSON.stringify(user), user } });
  });

  it('needs only token and user (refreshToken may be absent)', () => {
    const r = parseAuthSuccessQuery(q({ token: 't', user: JSON.stringify(user) }));
    expect(r.status).toBe('success');
  });

  it.each([
    ['no token', { user: JSON.stringify(user) }],
    ['no user', { token: 't', refreshToken: 'r' }],
    ['empty token', { token: '  ', user: JSON.stringify(user) }],
    ['nothing', {}],
  ])('reports incomplete data: %s', (_, params) => {
    expect(parseAuthSuccessQuery(q(params))).toEqual({ status: 'error', message: authSuccessMessages.missing });
  });

  it.each([
    ['not JSON', '{oops'],
    ['a string', '"rina"'],
    ['an array', '[1]'],
    ['null', 'null'],
    ['no _id', JSON.stringify({ email: 'a@b.id' })],
    ['no email', JSON.stringify({ _id: 'x' })],
    ['numeric _id', JSON.stringify({ _id: 1, email: 'a@b.id' })],
  ])('reports an invalid user: %s', (_, userParam) => {
    expect(parseAuthSuccessQuery(q({ token: 't', user: userParam }))).toEqual({ status: 'error', message: authSuccessMessages.invalidUser });
  });

  it('reports a generic error when the query carries an error', () => {
    expect(parseAuthSuccessQuery(q({ error: 'google' }))).toEqual({ status: 'error', message: authSuccessMessages.unexpected });
  });

  it('round-trips what the mobile-login page sends', () => {
    const path = authSuccessPath({ token: 'a+b/c=', refreshToken: 'r&x', user });
    expect(path.startsWith('/mobile-auth-success?')).toBe(true);
    const r = parseAuthSuccessQuery(path.slice(path.indexOf('?')));
    expect(r.status === 'success' && r.payload).toMatchObject({ token: 'a+b/c=', refreshToken: 'r&x', user });
  });
});

describe('app links', () => {
  const payload = { token: 't 1', refreshToken: 'r', userJson: JSON.stringify(user), user };

  it('builds the custom-scheme link and the Android intent with the same query', () => {
    const links = appLinks(payload);
    expect(links.scheme).toMatch(/^derap:\/\/auth-success\?token=t\+1&refreshToken=r&user=%7B/);
    expect(links.intent).toBe(`intent://auth-success?${links.scheme.split('?')[1]}#Intent;scheme=derap;package=id.derap.app;end`);
    const back = new URL(links.scheme.replace('derap://', 'https://x/'));
    expect(JSON.parse(back.searchParams.get('user')!)).toEqual(user);
  });

  it('uses the intent URL on Android and a hidden frame elsewhere', () => {
    const opener: AppOpener = { navigate: vi.fn(), openInFrame: vi.fn() };
    const links = appLinks(payload);
    openAppFallback(opener, links, 'Mozilla/5.0 (Linux; Android 14; Pixel 8)');
    expect(opener.navigate).toHaveBeenCalledWith(links.intent);
    openAppFallback(opener, links, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)');
    expect(opener.openInFrame).toHaveBeenCalledWith(links.scheme);
  });
});

describe('mobileGoogleHref', () => {
  it('points Google back at /mobile-login, keeping from_app=true when set', () => {
    expect(mobileGoogleHref('https://derap.id', true)).toBe(
      `/api/auth/google/mobile?redirect=${encodeURIComponent('https://derap.id/mobile-login?from_app=true')}`,
    );
    expect(mobileGoogleHref('https://derap.id', false)).toBe(
      `/api/auth/google/mobile?redirect=${encodeURIComponent('https://derap.id/mobile-login')}`,
    );
  });
});
