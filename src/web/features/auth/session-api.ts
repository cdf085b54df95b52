import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PublicUser } from '../../../domain/users/contract';
import { createApiClient, type ApiClient } from '../../api/client';
import { fetchProfile, fetchSessionUser } from '../../api/session';
import { tokenStore } from '../../api/tokens';
import { sessionKeys } from '../../lib/session';

type TokenStore = Pick<typeof tokenStore, 'token' | 'set' | 'clear'>;

/**
 * A client for sign-in probes: it still refreshes an expired session once, but when that fails
 * it neither clears anything nor redirects; checkExistingSession decides what to forget.
 */
const probeClient = createApiClient({ onSessionExpired: () => {} });

/**
 * The spec's "Login page on load": check the current session; if that fails and a stored token
 * exists, check the profile; when that fails too, remove the stored token.
 * Resolves to the signed-in user or null.
 */
export async function checkExistingSession(client: ApiClient = probeClient, tokens: TokenStore = tokenStore): Promise<PublicUser | null> {
  try {
    const user = await fetchSessionUser(client);
    if (user) return user;
  } catch {
    // fall through to the stored-token check
  }
  if (!tokens.token) return null;
  try {
    const user = await fetchProfile(client);
    if (user) return user;
  } catch {
    // the stored token is no good
  }
  tokens.clear();
  return null;
}

export const sessionCheckKey = ['auth', 'session-check'] as const;

/** Runs the on-load check once per visit of a sign-in page and shares the answer with useCurrentUser. */
export function useSessionCheck() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: sessionCheckKey,
    queryFn: () => checkExistingSession(),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const user = query.data;
  useEffect(() => {
    if (user) queryClient.setQueryData(sessionKeys.me, user);
  }, [user, queryClient]);
  return { checking: query.isPending, user: user ?? null };
}
