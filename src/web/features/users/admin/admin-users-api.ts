import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../domain/users/roles';
import type { AdminUserPage, PublicUser, RoleChangeBody, UserResponse } from '../../../../domain/users/contract';
import { api } from '../../../api/client';
import { sessionKeys } from '../../../lib/session';

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string, offset: number, limit: number) => ['admin', 'users', { q, offset, limit }] as const,
};

/** GET /api/admin/users — searched by name or email; the previous page stays on screen while the next loads. */
export function useAdminUsers(q: string, offset: number, limit: number) {
  return useQuery({
    queryKey: adminUserKeys.list(q, offset, limit),
    queryFn: () => {
      const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
      if (q) params.set('q', q);
      return api.get<AdminUserPage>(`/api/admin/users?${params}`);
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** PATCH /api/admin/users/{id} {role}; refreshes the list (and the session, when admins change themselves). */
export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      api.patch<UserResponse>(`/api/admin/users/${encodeURIComponent(id)}`, { role } satisfies RoleChangeBody),
    onSuccess: async ({ user }) => {
      const me = queryClient.getQueryData<PublicUser | null>(sessionKeys.me);
      if (me && me._id === user._id) await queryClient.invalidateQueries({ queryKey: sessionKeys.me });
      await queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
    },
  });
}

/** Loads the user list again (after something elsewhere changed a user, e.g. an admin's subscription grant). */
export function useRefreshAdminUsers() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
}
