import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DevLoginInput } from '../../domain/auth/contract';
import type { PublicUser } from '../../domain/users/contract';
import { api, goToLogin } from '../api/client';
import { devLogin, fetchAuthConfig, fetchSessionUser, logout } from '../api/session';
import { tokenStore } from '../api/tokens';
import { clearDeviceData } from './device-data';

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
    queryFn: () => fetchAuthConfig(api),
    staleTime: Infinity,
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout(api, { refreshToken: tokenStore.refreshToken ?? undefined }),
    onSettled: async () => {
      tokenStore.clear();
      // The offline desk's runner lists leave the device with the session (decision 022).
      await clearDeviceData();
      goToLogin();
      queryClient.clear();
    },
  });
}

export function useDevLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DevLoginInput) => devLogin(api, input),
    onSuccess: ({ user }) => queryClient.setQueryData(sessionKeys.me, user),
  });
}
