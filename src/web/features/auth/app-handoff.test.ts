import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CODE_EXPIRY_MARGIN_MS,
  DEFAULT_MOBILE_APP,
  appHomeUrl,
  appLinks,
  authSuccessMessages,
  authSuccessPath,
  mobileGoogleHref,
  mobileLoginPath,
  openAppFallback,
  parseAppRequest,
  pendingHandoff,
  resolveAuthSuccess,
  type AppOpener,
} from './app-handoff';

const user = { _id: 'u-1', email: 'rina@contoh.id', name: 'Rina' };
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const q = (o: Record<string, string>) => `?${new URLSearchParams(o).toString()}`;
const now = 1_800_000_000_000;

afterEach(() => pendingHandoff.clear());

describe('parseAppRequest', () => {
  it('reads the S256 challenge and the optional state the app sent', () => {
    expect(parseAppRequest(q({ from_app: 'true', code_challenge: challenge, state: 'abc 123' }))).toEqual({ codeChallenge: challenge, state: 'abc 123' });
    expect(parseAppRequest(q({ code_challenge: challenge, code_challenge_method: 'S256' }))).toEqual({ codeChallenge: challenge, state: null });
    expect(parseAppRequest(q({ code_challenge: challenge, state: '' }))).toEqual({ codeChallenge: challenge, state: null });
  });

  it.each([
    ['no challenge (an old app)', { from_app: 'true' }],
    ['a short challenge', { code_challenge: 'abc' }],
    ['a padded challenge', { code_challenge: `${challenge.slice(0, 42)}=` }],
    ['a plain challenge method', { code_challenge: challenge, code_challenge_method: 'plain' }],
    ['a huge state', { code_challenge: challenge, state: 'x'.repeat(513) }],
  ])('refuses %s', (_, params) => {
    expect(parseAppRequest(q(params))).toBeNull();
  });
});

describe('paths and links', () => {
  const req = { codeChallenge: challenge, state: 'st&te=1' };

  it('leads back to /mobile-login with the same challenge and state, and carries no secret to /mobile-auth-success', () => {
    expect(mobileLoginPath(req)).toBe(`/mobile-login?from_app=true&code_challenge=${challenge}&state=st%26te%3D1`);
    expect(mobileLoginPath(null)).toBe('/mobile-login?from_app=true');
    const path = authSuccessPath(req);
    expect(path).toBe(`/mobile-auth-success?code_challenge=${challenge}&state=st%26te%3D1`);
    expect(parseAppRequest(path.slice(path.indexOf('?')))).toEqual(req);
  });

  it('points Google back at /mobile-login with the challenge and state (or plain /mobile-login)', () => {
    expect(mobileGoogleHref('https://derap.id', true, req)).toBe(
      `/api/auth/google/mobile?redirect=${encodeURIComponent(`https://derap.id/mobile-login?from_app=true&code_challenge=${challenge}&state=st%26te%3D1`)}`,
    );
    expect(mobileGoogleHref('https://derap.id', false)).toBe(`/api/auth/google/mobile?redirect=${encodeURIComponent('https://derap.id/mobile-login')}`);
  });

  it('builds the custom-scheme link and the Android intent with the code and state from the configured app', () => {
    const links = appLinks({ scheme: 'derapdev', androidPackage: 'id.derap.dev' }, { code: 'c-1', state: 'a b' });
    expect(links.scheme).toBe('derapdev://auth-success?code=c-1&state=a+b');
    expect(links.intent).toBe('intent://auth-success?code=c-1&state=a+b#Intent;scheme=derapdev;package=id.derap.dev;end');
    expect(appLinks(DEFAULT_MOBILE_APP, { code: 'c-2', state: null }).scheme).toBe('derap://auth-success?code=c-2');
    expect(appHomeUrl(DEFAULT_MOBILE_APP)).toBe('derap://');
    for (const url of Object.values(links)) expect(url).not.toMatch(/token/i);
  });

  it('uses the intent URL on Android and a hidden frame elsewhere', () => {
    const opener: AppOpener = { navigate: vi.fn(), openInFrame: vi.fn() };
    const links = appLinks(DEFAULT_MOBILE_APP, { code: 'c', state: null });
    openAppFallback(opener, links, 'Mozilla/5.0 (Linux; Android 14; Pixel 8)');
    expect(opener.navigate).toHaveBeenCalledWith(links.intent);
    openAppFallback(opener, links, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)');
    expect(opener.openInFrame).toHaveBeenCalledWith(links.scheme);
  });
});

describe('resolveAuthSuccess (the code waits in memory, not in the URL)', () => {
  const search = q({ code_challenge: challenge, state: 's-1' });
  const hold = (over: Partial<Parameters<typeof pendingHandoff.set>[0]> = {}) =>
    pendingHandoff.set({ code: 'kode-1', codeChallenge: challenge, state: 's-1', expiresAt: now + 60_000, user, ...over });

  it('succeeds with a fresh code for this challenge and a valid user; the state comes from the URL', () => {
    hold();
    expect(resolveAuthSuccess(search, pendingHandoff, now)).toEqual({
      status: 'success',
      payload: { code: 'kode-1', state: 's-1', expiresAt: now + 60_000, user },
    });
  });

  it('reports incomplete data without a code (a reload, a link, history)', () => {
    expect(resolveAuthSuccess(search, pendingHandoff, now)).toEqual({ status: 'error', message: authSuccessMessages.missing });
  });

  it('reports incomplete data for a code of another challenge, or one about to expire', () => {
    hold({ codeChallenge: 'x'.repeat(43) });
    expect(resolveAuthSuccess(search, pendingHandoff, now)).toEqual({ status: 'error', message: authSuccessMessages.missing });
    hold({ expiresAt: now + CODE_EXPIRY_MARGIN_MS });
    expect(resolveAuthSuccess(search, pendingHandoff, now).status).toBe('error');
    hold({ expiresAt: now + CODE_EXPIRY_MARGIN_MS + 1 });
    expect(resolveAuthSuccess(search, pendingHandoff, now).status).toBe('success');
  });

  it('reports incomplete data when the URL has no valid challenge', () => {
    hold();
    expect(resolveAuthSuccess('', pendingHandoff, now)).toEqual({ status: 'error', message: authSuccessMessages.missing });
  });

  it.each([
    ['no _id', { email: 'a@b.id' }],
    ['no email', { _id: 'x' }],
    ['an array', [1]],
    ['null', null],
  ])('reports an invalid user: %s', (_, badUser) => {
    hold({ user: badUser });
    expect(resolveAuthSuccess(search, pendingHandoff, now)).toEqual({ status: 'error', message: authSuccessMessages.invalidUser });
  });

  it('reports a generic error when the query carries an error', () => {
    hold();
    expect(resolveAuthSuccess(`${search}&error=google`, pendingHandoff, now)).toEqual({ status: 'error', message: authSuccessMessages.unexpected });
  });

  it('ignores tokens someone puts in the query (the old hand-off)', () => {
    const old = q({ code_challenge: challenge, token: 'tok', refreshToken: 'ref', user: JSON.stringify(user) });
    expect(resolveAuthSuccess(old, pendingHandoff, now)).toEqual({ status: 'error', message: authSuccessMessages.missing });
  });
});
