/**
 * The session's calls (GET /api/auth/...), shared by the session hooks in lib/, the public pages'
 * quiet probe and the sign-in pages; a client is passed in because each caller reacts to an expired
 * session its own way.
 */
import type { AuthConfig, DevLoginInput, LogoutBody, SessionAnswer, TokenResponse } from '../../domain/auth/contract';
import type { PublicUser, UserResponse } from '../../domain/users/contract';
import type { ApiClient } from './client';

/**
 * The signed-in user or null, without a 401 for visitors (a 401 is a red error in the browser's
 * console on every public page). An expired session with a live refresh cookie is renewed once.
 */
export async function fetchSessionUser(client: ApiClient): Promise<PublicUser | null> {
  const first = await client.get<SessionAnswer>('/api/auth/session');
  if (first.user || !first.refreshable) return first.user;
  try {
    await client.post('/api/auth/refresh', {}, { noRefresh: true });
  } catch {
    return null;
  }
  return (await client.get<SessionAnswer>('/api/auth/session')).user;
}

/** GET /api/user/profile with a stored bearer token, never refreshed (the sign-in page's second check). */
export async function fetchProfile(client: ApiClient): Promise<PublicUser> {
  return (await client.get<UserResponse>('/api/user/profile', { noRefresh: true })).user;
}

/** GET /api/auth/config: which sign-in methods this server offers. */
export function fetchAuthConfig(client: ApiClient): Promise<AuthConfig> {
  return client.get<AuthConfig>('/api/auth/config');
}

/** POST /api/auth/logout: ends this session (cookie, bearer token, or the refresh token sent). */
export function logout(client: ApiClient, body: LogoutBody): Promise<unknown> {
  return client.post('/api/auth/logout', body, { noRefresh: true });
}

/** POST /api/auth/dev-login: the development sign-in (sets the session cookies). */
export function devLogin(client: ApiClient, input: DevLoginInput): Promise<TokenResponse> {
  return client.post<TokenResponse>('/api/auth/dev-login', input, { noRefresh: true });
}
