import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCoach, CoachVerificationDecision, CreateFreeslotsInput } from '../../../../domain/coaching/admin-contract';
import { api } from '../../../api/client';

export const coachAdminKeys = {
  all: ['admin', 'coaches'] as const,
  list: (q: string) => ['admin', 'coaches', { q }] as const,
};

/** GET /api/admin/coaches — every coach (waiting reviews first), searched by name or email. */
export function useAdminCoaches(q: string) {
  return useQuery({
    queryKey: coachAdminKeys.list(q),
    queryFn: () => api.get<{ data: AdminCoach[] }>(`/api/admin/coaches${q ? `?${new URLSearchParams({ q })}` : ''}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /api/admin/coaches/{coachId}/slots {count, weeks}; the list's free-slot counts follow. */
export function useAddFreeslots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coachId, ...body }: CreateFreeslotsInput & { coachId: string }) =>
      api.post<{ created: string[]; message: string }>(`/api/admin/coaches/${encodeURIComponent(coachId)}/slots`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coachAdminKeys.all }),
  });
}

/** POST /api/admin/coaches/{coachId}/verification {status, note}. */
export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coachId, ...body }: CoachVerificationDecision & { coachId: string }) =>
      api.post<{ verification: string; message: string }>(`/api/admin/coaches/${encodeURIComponent(coachId)}/verification`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coachAdminKeys.all }),
  });
}
