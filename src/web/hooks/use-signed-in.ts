import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PublicUser } from '../../domain/users/contract';
import { createApiClient } from '../api/client';
import { fetchSessionUser } from '../api/session';
import { tokenStore } from '../api/tokens';
import { sessionKeys } from '../lib/session';

/**
 * A public page must not bounce a signed-out visitor to /login, which the default client does
 * when a 401 cannot be refreshed. This client still refreshes an expired cookie session once,
 * but on failure it simply reports "not signed in".
 */
const quietClient = createApiClient({ onSessionExpired: () => {} });

function fetchUserQuietly(): Promise<PublicUser | null> {
  return fetchSessionUser(quietClient);
}

/**
 * Whether the visitor can go straight into the app: a stored bearer token (mobile hand-off) or a
 * cookie session (how the web signs in). Shares the current-user cache with useCurrentUser().
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: sessionKeys.me, queryFn: fetchUserQuietly, staleTime: 60_000, retry: false });
  const signedIn = Boolean(tokenStore.token) || Boolean(query.data);

  /** Resolves the answer even when the check is still running (used on click). */
  const resolveSignedIn = useCallback(async () => {
    if (tokenStore.token) return true;
    try {
      return Boolean(await queryClient.fetchQuery({ queryKey: sessionKeys.me, queryFn: fetchUserQuietly, staleTime: 60_000 }));
    } catch {
      return false;
    }
  }, [queryClient]);

  /** The signed-in user (e.g. the buyer's id for a purchase), resolved on click; null when signed out. */
  const resolveUser = useCallback(async (): Promise<PublicUser | null> => {
    try {
      return await queryClient.fetchQuery({ queryKey: sessionKeys.me, queryFn: fetchUserQuietly, staleTime: 60_000 });
    } catch {
      return null;
    }
  }, [queryClient]);

  return { signedIn, checking: query.isPending, resolveSignedIn, resolveUser };
}
