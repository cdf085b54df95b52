import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthConfig, DevLoginInput, LogoutBody, TokenResponse } from '../../domain/auth/contract';
import type { PublicUser } from '../../domain/users/contract';
import { api, goToLogin } from '../api/client';
import { fetchSessionUser } from '../api/session';
import { tokenStore } from '../api/tokens';

export const sessionKeys = {
  me: ['auth', 'me'] as const,
  config: ['auth', 'config'] as const,
};

/** Reads the current user, or null when nobody is signed in. */
export function fetchCurrentUser(): Promise<PublicUser | null> {
  return fetchSessionUser(api);
}

export function useCurrentUser() {
  return useQuery({ queryKey: sessionKeys.me, queryFn: fetchCurrentUser, staleTime: 60_000, retry: false });
}

export function useAuthConfig() {
  return useQuery({
    queryKey: sessionKeys.config,
    queryFn: () => api.get<AuthConfig>('/api/auth/config'),
    staleTime: Infinity,
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/auth/logout', { refreshToken: tokenStore.refreshToken ?? undefined } satisfies LogoutBody, { noRefresh: true }),
    onSettled: () => {
      tokenStore.clear();
      goToLogin();
      queryClient.clear();
    },
  });
}

export function useDevLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DevLoginInput) => api.post<TokenResponse>('/api/auth/dev-login', input, { noRefresh: true }),
    onSuccess: ({ user }) => queryClient.setQueryData(sessionKeys.me, user),
  });
}
