import type { SessionAnswer } from '../../domain/auth/contract';
import type { PublicUser } from '../../domain/users/contract';
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
